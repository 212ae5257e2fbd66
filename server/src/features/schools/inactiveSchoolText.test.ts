import { describe, expect, it } from 'vitest';
import { TEXTS } from '#protocol/texts';
import { makeUser, type Callers } from '../../../test/callers';
import { PASSWORD } from '../../../test/fixtures';
import { ApiClient } from '../../../test/httpClient';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';

/**
 * A switched-off school's staff are told to contact the administrator; the school's own Admin is
 * that administrator, and is told to contact the Plattformadministrator instead (issue 45).
 */

let server: TestServer;
let c: Callers;

useSeededServer((started) => ({ server, c } = started));

describe('signing in to a school that is switched off', () => {
  it("tells the staff to contact the administrator, and the school's Admin whom to contact", async () => {
    const school = (await c.platform.post<{ id: string }>('/api/plattformadministrator/schools', { name: 'Slått av' })).body;
    const admin = await makeUser(school.id, 'Admin');
    const supervisor = await makeUser(school.id, 'Tilsynsvakt');
    expect((await c.platform.put(`/api/plattformadministrator/schools/${school.id}`, { active: false })).status).toBe(200);

    const asAdmin = await new ApiClient(server.baseUrl).login(admin.email, PASSWORD);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toEqual({ message: TEXTS.schoolInactiveForAdmin, code: 'schoolInactive' });
    expect(TEXTS.schoolInactiveForAdmin).toContain('kontakte plattformadministratoren');

    const asSupervisor = await new ApiClient(server.baseUrl).login(supervisor.email, PASSWORD);
    expect(asSupervisor.body).toEqual({ message: TEXTS.schoolInactive, code: 'schoolInactive' });
  });
});
