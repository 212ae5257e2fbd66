import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test/httpClient';
import { startTestServer, type TestServer } from '../test/testServer';

/** The API described for outsiders: every route in it, and a document that validates as OpenAPI 3.1. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type OpenApi = { openapi: string; paths: Record<string, Record<string, { description?: string; security?: unknown[] }>> };

describe('/api/openapi.json', () => {
  it('describes every route the app has, with who may call it, and nothing else', async () => {
    const res = await new ApiClient(server.baseUrl).get<OpenApi>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const described = Object.entries(res.body.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const routes = server.app.routeTable
      .filter((r) => r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(described.sort()).toEqual(routes.sort());
    expect(res.body.paths['/api/sick/add']!.post!.description).toBe(
      'Tilgang: Admin, Plattformadministrator (godkjent). Skolen er alltid innlogget brukers egen; Plattformadministrator oppgir skolen (schoolId).',
    );
    expect(res.body.paths['/api/auth/login']!.post!.security).toBeUndefined();
    expect(res.body.paths['/api/sick']!.get!.security).toEqual([{ session: [] }]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await new ApiClient(server.baseUrl).get<object>('/api/openapi.json');
    await expect(SwaggerParser.validate(structuredClone(res.body) as never)).resolves.toBeTruthy();
  });
});
