import type { z } from 'zod';
import { compatMarker } from './browser';

/** A non-OK response. The message is '<status>: <text>' (spec §8). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'HttpError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function headers(hasBody: boolean, extra: Record<string, string> = {}): Record<string, string> {
  const result: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (hasBody) result['Content-Type'] = 'application/json';
  const marker = compatMarker();
  if (marker) result['X-Browser-Compat'] = marker;
  return { ...result, ...extra };
}

async function send(method: Method, path: string, body?: unknown, extra?: Record<string, string>): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: headers(hasBody, extra),
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    const error = new HttpError(response.status, text);
    console.error(`${method} ${path} failed`, error.message);
    throw error;
  }
  return response;
}

async function parse<S extends z.ZodType>(response: Response, schema: S, path: string): Promise<z.infer<S>> {
  const json: unknown = response.status === 204 ? undefined : await response.json();
  const result = schema.safeParse(json);
  if (!result.success) {
    console.error(`Unexpected response from ${path}`, result.error.issues);
    throw new Error(`Uventet svar fra serveren (${path})`);
  }
  return result.data;
}

/** A data query: GET, parsed with the schema; a 401 resolves to null instead of failing. */
export async function getData<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | null> {
  try {
    return await parse(await send('GET', path), schema, path);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

/** A mutation (or a GET that must fail on 401), parsed with the schema. */
export async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<z.infer<S>> {
  return parse(await send(method, path, body, extraHeaders), schema, path);
}

/** The server's `{ message }` from a failed call, for toasts; otherwise the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return fallback;
  try {
    const data: unknown = JSON.parse(error.text);
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
      return data.message;
    }
  } catch {
    // Not JSON: a proxy or a crash page; the fallback reads better than raw HTML.
  }
  return fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/** ?schoolId= for the Plattformadministrator; an approved member of a school sends none. */
export function withSchool(path: string, schoolId: string | null | undefined): string {
  if (!schoolId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(schoolId)}`;
}
