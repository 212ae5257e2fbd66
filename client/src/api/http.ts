import type { z } from 'zod';
import type { ServerSessionEndReason } from '#protocol/sessionEnd';
import { errorResponseSchema, type ErrorResponse, type ErrorCode } from '#protocol/errors';
import { REQUEST_ID_HEADER } from '#protocol/origin';
import { compatMarker } from './browser';
import { newWriteId } from './ownWrites';

function errorBodyOf(text: string): ErrorResponse | null {
  try {
    const parsed = errorResponseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not JSON: a proxy or a crash page.
    return null;
  }
}

/**
 * A non-OK response. The message is '<status>: <text>' (spec §8). `code` is the server's
 * machine code (protocol/src/errors.ts), null when the answer did not come from this server:
 * decide on the code, never on the Norwegian text.
 */
export class HttpError extends Error {
  readonly code: ErrorCode | null;
  /** The server's Norwegian message, for the user; null when there is none. */
  readonly serverText: string | null;
  /** With editConflict: the object as the server has it now (unchecked; the caller parses it). */
  readonly current: unknown;
  /** With sessionEnded: why the server ended the session. */
  readonly reason: ServerSessionEndReason | null;

  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'HttpError';
    const body = errorBodyOf(text);
    this.code = body?.code ?? null;
    this.serverText = body?.message || null;
    this.current = body?.current ?? null;
    this.reason = body?.reason ?? null;
  }
}

/** The object as the server has it now, when a write was refused as based on an older version; else null. */
export function conflictCurrent<S extends z.ZodType>(error: unknown, schema: S): z.infer<S> | null {
  if (!(error instanceof HttpError) || error.code !== 'editConflict') return null;
  const parsed = schema.safeParse(error.current);
  return parsed.success ? parsed.data : null;
}

/** The call never reached the server (no network, the server away): worth sending again later. */
export function notReached(error: unknown): boolean {
  if (error instanceof HttpError) return false;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine);
}

/** The server's code for a failed call, or null (not a server answer, or no call at all). */
export function errorCode(error: unknown): ErrorCode | null {
  return error instanceof HttpError ? error.code : null;
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
  // A file goes as its bytes: what it is, the server reads from them, never from a type the browser guessed.
  const file = body instanceof Blob ? body : null;
  // A write names itself, so this window knows the events it causes (api/ownWrites.ts).
  const writeId: Record<string, string> = method === 'GET' ? {} : { [REQUEST_ID_HEADER]: newWriteId() };
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: headers(hasBody, { ...writeId, ...(file ? { 'Content-Type': 'application/octet-stream' } : {}), ...extra }),
    body: file ?? (hasBody ? JSON.stringify(body) : undefined),
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

/** The server's message from a failed call, for toasts; otherwise the fallback (raw HTML from a proxy reads worse). */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof HttpError && error.serverText) || fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

export { withSchool } from '#protocol/readPaths';
