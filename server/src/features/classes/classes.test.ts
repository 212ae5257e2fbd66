import { describe, expect, it } from 'vitest';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { ClassModel } from './model';
import { countEverywhere } from '../../../test/everySchool';
import { useSeededServer } from '../../../test/useTestServer';

let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ fx, c } = started));

type ClassBody = { id: string; className: string };

describe('classes', () => {
  it('are listed, added and deleted by Admin and Plattformadministrator only', async () => {
    await expectAccess(
      c,
      (x) => x.get(x === c.platform ? `/api/admin/classes?schoolId=${fx.a.id}` : '/api/admin/classes'),
      refusedExcept({ adminA: 200, adminB: 200, platform: 200 }),
    );
    await expectAccess(
      c,
      (x) => x.post('/api/admin/classes', { className: `Klasse ${Math.random()}` }),
      refusedExcept({ adminA: 201, adminB: 201, platform: 400 }),
    );
    const created = await c.adminA.post<ClassBody>('/api/admin/classes', { className: 'Slett meg' });
    await expectAccess(
      c,
      (x) => x.delete(`/api/admin/classes/${created.body.id}`),
      refusedExcept({ adminB: 404, platform: 400, adminA: 200 }),
    );
    expect(await ClassModel.of(fx.a.id).exists({ _id: created.body.id })).toBeNull();
  });

  it('keeps each school to its own classes, sorted as Norwegians sort', async () => {
    for (const name of ['2B', '10A', '1A', 'Ærlig', 'Åpen', 'Øst']) await c.adminB.post('/api/admin/classes', { className: name });
    const listB = await c.adminB.get<ClassBody[]>('/api/admin/classes');
    const namesB = listB.body.map((x) => x.className).filter((n) => !n.startsWith('Klasse'));
    expect(namesB).toEqual(['1A', '2B', '10A', 'Ærlig', 'Øst', 'Åpen']);
    const listA = await c.adminA.get<ClassBody[]>('/api/admin/classes');
    expect(listA.body.some((x) => namesB.includes(x.className))).toBe(false);
    // An Admin's ?schoolId= does not reach another school: it is refused.
    const sneaky = await c.adminA.get<{ message: string }>(`/api/admin/classes?schoolId=${fx.b.id}`);
    expect(sneaky.status).toBe(403);
    expect(sneaky.body.message).toBe('Du har ikke tilgang til denne skolen');
    const own = await c.adminA.get<ClassBody[]>(`/api/admin/classes?schoolId=${fx.a.id}`);
    expect(own.body.map((x) => x.id)).toEqual(listA.body.map((x) => x.id));
  });

  it('names are trimmed and unique per school without regard to case', async () => {
    const first = await c.adminA.post<ClassBody>('/api/admin/classes', { className: '  3 Idrett  ' });
    expect(first.status).toBe(201);
    expect(first.body.className).toBe('3 Idrett');
    const dup = await c.adminA.post<{ message: string }>('/api/admin/classes', { className: '3 IDRETT' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Det finnes allerede en klasse med dette navnet');
    expect((await c.adminB.post('/api/admin/classes', { className: '3 idrett' })).status).toBe(201);
  });

  it('rejects bad input and stores nothing', async () => {
    const before = await countEverywhere(ClassModel);
    for (const body of [{}, { className: '   ' }, { className: 'x'.repeat(61) }, { className: { $gt: '' } }, { className: 7 }]) {
      const res = await c.adminA.post<{ message: string }>('/api/admin/classes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain('«klassenavn»');
    }
    expect((await c.adminA.delete('/api/admin/classes/ikke-id')).status).toBe(400);
    expect((await c.platform.get('/api/admin/classes?schoolId=ikke-id')).status).toBe(400);
    expect((await c.platform.get('/api/admin/classes?schoolId=0123456789abcdef01234567')).status).toBe(404);
    expect(await countEverywhere(ClassModel)).toBe(before);
  });

  it('the Plattformadministrator works on the school it names', async () => {
    const res = await c.platform.post<ClassBody>(`/api/admin/classes?schoolId=${fx.b.id}`, { className: 'Fra plattformen' });
    expect(res.status).toBe(201);
    const listB = await c.adminB.get<ClassBody[]>('/api/admin/classes');
    expect(listB.body.map((x) => x.className)).toContain('Fra plattformen');
    expect((await c.platform.delete(`/api/admin/classes/${res.body.id}?schoolId=${fx.a.id}`)).status).toBe(404);
    expect((await c.platform.delete(`/api/admin/classes/${res.body.id}?schoolId=${fx.b.id}`)).status).toBe(200);
  });
});
