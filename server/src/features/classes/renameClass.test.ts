import { describe, expect, it } from 'vitest';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { useSeededServer } from '../../../test/useTestServer';

/** PUT /api/admin/classes/{id} (issue 45): a class renamed, checked as a new class is. */

let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ fx, c } = started));

type ClassBody = { id: string; className: string; schoolId: string };
const add = async (className: string) => (await c.adminA.post<ClassBody>('/api/admin/classes', { className })).body;
const namesOfA = async () => (await c.adminA.get<ClassBody[]>('/api/admin/classes')).body.map((x) => x.className);

describe('renaming a class', () => {
  it("is for the school's Admin and the platform naming the school; nobody else", async () => {
    const made = await add('2STA');
    await expectAccess(
      c,
      (x) => x.put(`/api/admin/classes/${made.id}`, { className: '2STB' }),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
    expect((await c.adminB.put(`/api/admin/classes/${made.id}?schoolId=${fx.a.id}`, { className: 'Inntrenger' })).status).toBe(403);
    const byPlatform = await c.platform.put<ClassBody>(`/api/admin/classes/${made.id}?schoolId=${fx.a.id}`, { className: ' 2STC ' });
    expect(byPlatform.status).toBe(200);
    expect(byPlatform.body).toMatchObject({ id: made.id, className: '2STC', schoolId: fx.a.id });
    expect(await namesOfA()).toContain('2STC');
    expect(await namesOfA()).not.toContain('2STB');
  });

  it('refuses an empty name and a name another class of the school has; a change of case is the same class', async () => {
    const first = await add('3PBA');
    await add('3PBB');
    const empty = await c.adminA.put<{ message: string }>(`/api/admin/classes/${first.id}`, { className: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Klassenavn må fylles ut');
    const taken = await c.adminA.put<{ message: string }>(`/api/admin/classes/${first.id}`, { className: '3pbb' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Det finnes allerede en klasse med dette navnet');
    const recased = await c.adminA.put<ClassBody>(`/api/admin/classes/${first.id}`, { className: '3pba' });
    expect(recased.status).toBe(200);
    expect(recased.body.className).toBe('3pba');
    // Another school may have the name.
    await c.adminB.post('/api/admin/classes', { className: '4MKA' });
    expect((await c.adminA.put(`/api/admin/classes/${first.id}`, { className: '4MKA' })).status).toBe(200);
    expect((await c.adminA.put('/api/admin/classes/0123456789abcdef01234567', { className: 'Ingen' })).status).toBe(404);
  });

  it('is in Endringslogg with who, and the old and the new name; a refused rename is not', async () => {
    const made = await add('1IDA');
    expect((await c.adminA.put(`/api/admin/classes/${made.id}`, { className: '1IDB' })).status).toBe(200);
    await add('1IDC');
    expect((await c.adminA.put(`/api/admin/classes/${made.id}`, { className: '1idc' })).status).toBe(409);
    type Entry = { action: string; targetName: string; detail: string; actorName: string };
    const trail = (await c.adminA.get<Entry[]>('/api/admin/audit?kind=classes')).body.filter((e) => e.action === 'class.renamed');
    expect(trail.filter((e) => e.detail.includes('1ID'))).toEqual([
      expect.objectContaining({ targetName: '1IDB', detail: '«1IDA» → «1IDB»', actorName: fx.a.admin.name }),
    ]);
  });
});
