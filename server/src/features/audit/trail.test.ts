import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { AUDIT_ACTIONS, AUDIT_KINDS, auditActionsOf, type AuditEntry, type AuditKind } from '#protocol/audit';
import { ERASED_STUDENT } from '#protocol/students';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';

/**
 * Issue 45: every change of the school's data is in Endringslogg, with who and when: the rounds'
 * labels, classes, trips and sick lists; never a sick comment. Filtered by kind and by person.
 */
const clock = new TestClock();
let fx: Fixture;
let c: Callers;
const minuteLater = () => clock.set(new Date(clock.now().getTime() + 60_000));
const SICK_COMMENT = 'Feber 39,2 og vondt i magen';
const NEW_COMMENT = 'Kastet opp i natt';

clock.setOslo('2026-11-27', 10, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  const labels = (await c.adminA.get<{ buttons: Array<{ id: string; label: string }> }>(`/api/tasks-config/${fx.a.id}`)).body.buttons;
  minuteLater(); // 10:01
  await c.adminA.put(`/api/tasks-config/${fx.a.id}`, {
    buttons: labels.map((b) => (b.id === '3' ? { ...b, label: 'Runde internat' } : b)),
  });
  minuteLater(); // 10:02
  const klasse = (await c.adminA.post<{ id: string }>('/api/admin/classes', { className: '2STA' })).body;
  const doomed = (await c.adminA.post<{ id: string }>('/api/admin/classes', { className: '3STB' })).body;
  minuteLater(); // 10:03
  await c.adminA.delete(`/api/admin/classes/${doomed.id}`);
  minuteLater(); // 10:04
  const trip = (
    await c.adminA.post<{ id: string }>('/api/away/add', { fromDate: '2026-11-27', toDate: '2026-11-30', studentName: 'Jonas Berg' })
  ).body;
  await c.adminA.post('/api/away/classes', { fromDate: '2026-11-27', toDate: '2026-11-30', classIds: [klasse.id] });
  minuteLater(); // 10:05
  await c.adminA.put(`/api/away/trip/${trip.id}`, {
    fromDate: '2026-11-26',
    toDate: '2026-11-30',
    studentNames: ['Jonas Berg', 'Sofie Lie'],
    classIds: [klasse.id],
  });
  minuteLater(); // 10:06
  await c.adminA.delete(`/api/away/student/${encodeURIComponent('Sofie Lie')}`);
  await c.adminA.delete(`/api/away/class/${klasse.id}`);
  minuteLater(); // 10:07
  await c.adminA.delete(`/api/away/entry/${trip.id}`);
  // The sick list, by the platform on school A's behalf: who made a change is who is named.
  minuteLater(); // 10:08
  await c.platform.post(`/api/sick/add?schoolId=${fx.a.id}`, { date: '2026-11-27', name: 'Ola Nordmann', comment: SICK_COMMENT });
  minuteLater(); // 10:09
  await c.adminA.post('/api/sick/add', { date: '2026-11-27', name: 'Ola Nordmann', comment: NEW_COMMENT });
  await c.adminA.post('/api/sick/add', { date: '2026-11-27', name: 'Kari Holm', comment: '' });
  minuteLater(); // 10:10
  await c.adminA.put('/api/sick', { date: '2026-11-27', students: [{ name: 'Kari Holm', comment: SICK_COMMENT }] });
  // School B's own change, which school A's trail never shows.
  await c.adminB.post('/api/admin/classes', { className: 'B-klassen' });
});

const line = (e: AuditEntry) => `${e.actorName}: ${e.action} ${e.targetName}${e.detail ? ` (${e.detail})` : ''}`;
const trailOf = async (query = '', client = c.adminA) => {
  const res = await client.get<AuditEntry[]>(`/api/admin/audit${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('Endringslogg records every change to the school’s data', () => {
  it('labels, classes, trips and sick lists, each with who and when, newest first', async () => {
    const entries = await trailOf();
    expect(entries.map(line)).toEqual([
      'Admin A: sick.removed Ola Nordmann (27. november 2026)',
      'Admin A: sick.commentChanged Kari Holm (27. november 2026)',
      'Admin A: sick.added Kari Holm (27. november 2026)',
      'Admin A: sick.commentChanged Ola Nordmann (27. november 2026)',
      'Pål Plattform: sick.added Ola Nordmann (27. november 2026)',
      'Admin A: trip.removed fra 26. november 2026 til 30. november 2026 (1 elev)',
      'Admin A: trip.classRemoved 2STA (fra 26. november 2026 til 30. november 2026)',
      'Admin A: trip.studentRemoved Sofie Lie (fra 26. november 2026 til 30. november 2026)',
      'Admin A: trip.studentAdded Sofie Lie (fra 26. november 2026 til 30. november 2026)',
      'Admin A: trip.changed fra 26. november 2026 til 30. november 2026 (før fra 27. november 2026 til 30. november 2026, 1 elev lagt til)',
      'Admin A: trip.classAdded 2STA (fra 27. november 2026 til 30. november 2026)',
      'Admin A: trip.studentAdded Jonas Berg (fra 27. november 2026 til 30. november 2026)',
      'Admin A: class.deleted 3STB',
      'Admin A: class.created 3STB',
      'Admin A: class.created 2STA',
      'Admin A: taskButton.renamed Runde internat (Oppgave 3: «Tilsynsrunde internat» → «Runde internat»)',
    ]);
    // When: the minute each was made, on the app's clock (10:01 to 10:10 Oslo, 09:01 to 09:10 UTC).
    const at = (action: string, target: string) => entries.find((e) => e.action === action && e.targetName === target)!.at;
    expect(at('taskButton.renamed', 'Runde internat')).toBe('2026-11-27T09:01:00.000Z');
    expect(at('class.deleted', '3STB')).toBe('2026-11-27T09:03:00.000Z');
    expect(at('trip.studentAdded', 'Sofie Lie')).toBe('2026-11-27T09:05:00.000Z');
    expect(at('sick.added', 'Ola Nordmann')).toBe('2026-11-27T09:08:00.000Z');
    expect(at('sick.removed', 'Ola Nordmann')).toBe('2026-11-27T09:10:00.000Z');
    expect(entries.find((e) => e.actorName === 'Pål Plattform')!.actorRole).toBe('Plattformadministrator');
    expect(entries.every((e) => e.schoolId === fx.a.id)).toBe(true);
  });

  it('never holds a sick comment, in any entry or field', async () => {
    const all = JSON.stringify(await trailOf(`?limit=500`));
    expect(all).not.toContain('Feber');
    expect(all).not.toContain('Kastet opp');
    const platformView = JSON.stringify((await c.platform.get('/api/plattformadministrator/audit?limit=500')).body);
    expect(platformView).not.toContain('Feber');
    expect(platformView).not.toContain('Kastet opp');
  });

  it('every action has a Norwegian text and belongs to exactly one kind', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) {
      const kinds = (Object.keys(AUDIT_KINDS) as AuditKind[]).filter((kind) => auditActionsOf(kind).includes(action as never));
      expect(kinds, action).toHaveLength(1);
    }
  });
});

describe('filtering Endringslogg by kind and by person', () => {
  it('by kind: only that kind of change', async () => {
    expect((await trailOf('?kind=classes')).map(line)).toEqual([
      'Admin A: class.deleted 3STB',
      'Admin A: class.created 3STB',
      'Admin A: class.created 2STA',
    ]);
    expect((await trailOf('?kind=sick')).map((e) => e.action)).toEqual([
      'sick.removed',
      'sick.commentChanged',
      'sick.added',
      'sick.commentChanged',
      'sick.added',
    ]);
    expect((await trailOf('?kind=taskButtons')).map((e) => e.action)).toEqual(['taskButton.renamed']);
    expect((await trailOf('?kind=trips')).every((e) => e.action.startsWith('trip.'))).toBe(true);
    expect(await trailOf('?kind=reports')).toEqual([]);
  });

  it('by person: the people who made changes, and only the changes one of them made; with a kind, both', async () => {
    const actors = await c.adminA.get<Array<{ id: string; name: string; role: string }>>('/api/admin/audit/actors');
    expect(actors.status).toBe(200);
    expect(actors.body).toEqual([
      { id: fx.a.admin.id, name: 'Admin A', role: 'Admin' },
      { id: fx.platformAdmin.id, name: 'Pål Plattform', role: 'Plattformadministrator' },
    ]);
    const byPlatform = await trailOf(`?actorId=${fx.platformAdmin.id}`);
    expect(byPlatform.map(line)).toEqual(['Pål Plattform: sick.added Ola Nordmann (27. november 2026)']);
    expect((await trailOf(`?actorId=${fx.a.admin.id}&kind=sick`)).map((e) => e.action)).toEqual([
      'sick.removed',
      'sick.commentChanged',
      'sick.added',
      'sick.commentChanged',
    ]);
    // Someone with no entries in this school: nothing, not an error.
    expect(await trailOf(`?actorId=${fx.b.admin.id}`)).toEqual([]);
    // A page at a time, as without a filter; entries written at the same instant (10:06) are not
    // skipped when the page names its last entry's id as well as its time.
    const first = await trailOf('?kind=trips&limit=2');
    expect(first.map((e) => e.action)).toEqual(['trip.removed', 'trip.classRemoved']);
    const next = await trailOf(`?kind=trips&limit=2&before=${encodeURIComponent(first[1]!.at)}&beforeId=${first[1]!.id}`);
    expect(next.map((e) => e.action)).toEqual(['trip.studentRemoved', 'trip.studentAdded']);
    // The platform's own trail takes the same filters.
    const platformSick = (await c.platform.get<AuditEntry[]>(`/api/plattformadministrator/audit?kind=classes&schoolId=${fx.b.id}`)).body;
    expect(platformSick.map(line)).toEqual(['Admin B: class.created B-klassen']);
  });

  it('who may read the people: the school’s Admin and the platform on a chosen school; another school’s Admin is refused', async () => {
    await expectAccess(c, (x) => x.get('/api/admin/audit/actors'), refusedExcept({ adminA: 200, adminB: 200, platform: 400 }));
    expect((await c.platform.get(`/api/admin/audit/actors?schoolId=${fx.a.id}`)).status).toBe(200);
    expect((await c.adminB.get(`/api/admin/audit/actors?schoolId=${fx.a.id}`)).status).toBe(403);
    expect((await c.adminB.get(`/api/admin/audit?schoolId=${fx.a.id}&kind=sick`)).status).toBe(403);
    expect((await c.supervisorA.get('/api/admin/audit?kind=sick')).status).toBe(403);
    const b = (await c.adminB.get<Array<{ name: string }>>('/api/admin/audit/actors')).body;
    expect(b.map((a) => a.name)).toEqual(['Admin B']);
  });

  it('bad filters are refused with a Norwegian message', async () => {
    for (const [query, message] of [
      ['kind=alt', /Ukjent type endring/],
      ['actorId=Admin%20A', /Ugyldig id/],
      ['kind=sick&actorId=123', /Ugyldig id/],
      ['before=2026-11-27T09:00:00.000Z&beforeId=x', /Ugyldig id/],
    ] as const) {
      for (const path of ['/api/admin/audit', '/api/plattformadministrator/audit']) {
        const client = path.startsWith('/api/admin') ? c.adminA : c.platform;
        const res = await client.get<{ message: string }>(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.message, `${path}?${query}`).toMatch(message);
      }
    }
    const actors = await c.platform.get<{ message: string }>('/api/admin/audit/actors?schoolId=skole-a');
    expect(actors.status).toBe(400);
    expect(actors.body.message).toMatch(/Ugyldig id/);
  });
});

describe('a parent’s erasure takes the student’s name out of what the trail recorded', () => {
  it('a sick-list and a trip entry name the student; after the erasure neither does', async () => {
    await c.adminA.post('/api/sick/add', { date: '2026-11-27', name: 'Emil Strand', comment: SICK_COMMENT });
    await c.adminA.post('/api/away/add', { fromDate: '2026-11-28', toDate: '2026-11-29', studentName: 'Emil Strand' });
    const naming = (entries: AuditEntry[]) => entries.filter((e) => JSON.stringify(e).includes('Emil'));
    expect(naming(await trailOf()).map((e) => e.action)).toEqual(['trip.studentAdded', 'sick.added']);

    const erased = await c.adminA.delete<{ auditEntries: number }>(`/api/admin/students/${encodeURIComponent('Emil Strand')}`);
    expect(erased.status).toBe(200);
    expect(erased.body.auditEntries).toBe(2);
    const after = await trailOf('?limit=500');
    expect(naming(after)).toEqual([]);
    // The entries stay, without the name; the erasure itself took nothing off a list in the trail's name.
    expect(after.filter((e) => e.targetName === ERASED_STUDENT).map((e) => e.action)).toEqual(['trip.studentAdded', 'sick.added']);
    expect(after[0]!.action).toBe('student.erased');
  });
});
