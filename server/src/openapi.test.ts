import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { apiRoutes, registeredApiRoutes, type OpenApiDocument } from '../test/apiRoutes';
import { ApiClient } from '../test/httpClient';
import type { TestServer } from '../test/testServer';
import { useTestServer } from '../test/useTestServer';

/** The API described for outsiders: every route in it, and a document that validates as OpenAPI 3.1. */
let server: TestServer;
useTestServer((started) => (server = started));

describe('/api/openapi.json', () => {
  it('describes every route the app has, with who may call it, and nothing else', async () => {
    const res = await new ApiClient(server.baseUrl).get<OpenApiDocument>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const described = (await apiRoutes(server.baseUrl)).map((r) => `${r.method} ${r.url}`);
    const registered = registeredApiRoutes(server.app);
    expect(registered.length).toBeGreaterThan(60);
    expect(described.sort()).toEqual(registered.sort());
    expect(res.body.paths['/api/sick/add']!.post!.description).toBe(
      'Tilgang: Admin, Plattformadministrator (godkjent). Skolen er alltid innlogget brukers egen; Plattformadministrator oppgir skolen (schoolId).',
    );
    expect(res.body.paths['/api/auth/login']!.post!.security).toBeUndefined();
    expect(res.body.paths['/api/sick']!.get!.security).toEqual([{ session: [] }]);
    expect(res.body.paths['/api/sick/add']!.post!['x-access']).toEqual({
      data: 'sickList',
      may: 'change',
      roles: ['Admin', 'Plattformadministrator'],
      scope: 'school',
    });
    expect(res.body.paths['/api/auth/login']!.post!['x-access']).toBe('public');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await new ApiClient(server.baseUrl).get<object>('/api/openapi.json');
    await expect(SwaggerParser.validate(structuredClone(res.body) as never)).resolves.toBeTruthy();
  });
});
