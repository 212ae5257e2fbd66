import type { FastifyInstance } from 'fastify';
import type { Access } from '../src/plugins/auth';
import { ApiClient } from './httpClient';

type Operation = {
  'x-access': Access;
  description?: string;
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
export type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** One /api route as the app describes it to outsiders: who may call it and the fields it reads. */
export type ApiRoute = { method: string; url: string; access: Access; bodyKeys: string[]; queryKeys: string[] };

/** The app's API description, as anyone may read it. */
export async function readOpenApi(baseUrl: string): Promise<OpenApiDocument> {
  const res = await new ApiClient(baseUrl).get<OpenApiDocument>('/api/openapi.json');
  if (res.status !== 200) throw new Error(`/api/openapi.json answered ${res.status}`);
  return res.body;
}

/** Every /api route of the app, from its API description (paths written as the routes declare them: /:id). */
export async function apiRoutes(baseUrl: string): Promise<ApiRoute[]> {
  const doc = await readOpenApi(baseUrl);
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{([A-Za-z]+)\}/g, ':$1'),
      access: op['x-access'],
      bodyKeys: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/**
 * Every /api route the app registered, read from Fastify's own route listing (printRoutes), to hold
 * the API description to: a route left out of it would escape the tests that walk it.
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const found: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + node[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!path.startsWith('/api/') || !node[3]) continue;
    for (const method of node[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}
