import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/useTestServer';
import { AWAY_TEXTS } from '#protocol/away';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import type { ApiClient, ApiResponse } from '../../../test/httpClient';
import { TestClock } from '../../../test/testClock';
import { ClassModel, classNameKey } from '../classes/model';
import { SickRecord } from '../sick/model';
import { Trip } from './model';
import { countEverywhere, deleteEverywhere } from '../../../test/everySchool';

/** Every sick and away route: who may call it, and what bad input gets. */
const clock = new TestClock();
let fx: Fixture;
let c: Callers;
let classA: string;
let classB: string;

clock.setOslo('2026-11-21', 21, 0);
useSeededServer((s) => ({ fx, c } = s), {}, { clock });
beforeAll(async () => {
  classA = (await ClassModel.of(fx.a.id).create({ schoolId: fx.a.id, className: '1A', nameKey: classNameKey('1A') }))._id.toHexString();
  classB = (await ClassModel.of(fx.b.id).create({ schoolId: fx.b.id, className: '1B', nameKey: classNameKey('1B') }))._id.toHexString();
});
beforeEach(async () => {
  await deleteEverywhere(Trip);
  await deleteEverywhere(SickRecord);
});

const DAY = '2026-11-21';
const range = { fromDate: '2026-11-21', toDate: '2026-11-23' };
/** A trip of school A (made afresh for each caller, since some of the calls remove it). */
const tripOfA = async () =>
  (await Trip.of(fx.a.id).create({ schoolId: fx.a.id, ...range, studentNames: ['Per'], classIds: [classA] }))._id.toHexString();

type Route = { name: string; call: (x: ApiClient) => Promise<ApiResponse>; members?: boolean };
const routes: Route[] = [
  { name: 'GET /api/sick', call: (x) => x.get(`/api/sick?date=${DAY}`), members: true },
  { name: 'POST /api/sick/add', call: (x) => x.post('/api/sick/add', { date: DAY, name: 'Ola', comment: '' }) },
  { name: 'PUT /api/sick', call: (x) => x.put('/api/sick', { date: DAY, students: [{ name: 'Ola' }] }) },
  { name: 'GET /api/away', call: (x) => x.get(`/api/away?activeOn=${DAY}`), members: true },
  { name: 'POST /api/away/add', call: (x) => x.post('/api/away/add', { ...range, studentName: 'Ola' }) },
  { name: 'DELETE /api/away/student/:name', call: (x) => x.delete('/api/away/student/Ola') },
  { name: 'GET /api/away/classes', call: (x) => x.get(`/api/away/classes?activeOn=${DAY}`) },
  { name: 'GET /api/away/all', call: (x) => x.get('/api/away/all') },
];

describe('who may call the sick and away routes', () => {
  for (const route of routes) {
    it(route.name, async () => {
      const allowed = route.members
        ? { adminA: 200, supervisorA: 200, caretakerA: 200, adminB: 200, platform: 400 }
        : { adminA: 200, adminB: 200, platform: 400 };
      await expectAccess(c, route.call, refusedExcept(allowed));
    });
  }

  it('classes on trips: only the own school’s classes, and the Plattformadministrator names the school', async () => {
    const post = (x: ApiClient, id: string, query = '') => x.post(`/api/away/classes${query}`, { ...range, classIds: [id] });
    await expectAccess(c, (x) => post(x, classA), refusedExcept({ adminB: 400, platform: 400, adminA: 200 }));
    expect((await post(c.platform, classA, `?schoolId=${fx.b.id}`)).status).toBe(400);
    expect((await post(c.platform, classA, `?schoolId=${fx.a.id}`)).status).toBe(200);

    const remove = (x: ApiClient, id: string, query = '') => x.delete(`/api/away/class/${id}${query}`);
    await expectAccess(c, (x) => remove(x, classA), refusedExcept({ adminB: 404, platform: 400, adminA: 200 }));
    expect((await remove(c.platform, classB, `?schoolId=${fx.a.id}`)).status).toBe(404);
    expect((await remove(c.platform, classB, `?schoolId=${fx.b.id}`)).status).toBe(200);
  });

  it('editing and removing a trip: only its own school', async () => {
    const edit = { ...range, studentNames: ['Per', 'Pål'], classIds: [], baseVersion: 0 };
    for (const [name, status] of Object.entries(refusedExcept({ adminB: 404, platform: 400, adminA: 200 }))) {
      const id = await tripOfA();
      const put = await c[name as keyof Callers].put(`/api/away/trip/${id}`, edit);
      expect(put.status, `PUT as ${name}`).toBe(status);
      const del = await c[name as keyof Callers].delete(`/api/away/entry/${id}`);
      expect(del.status, `DELETE as ${name}`).toBe(status);
    }
    const id = await tripOfA();
    expect((await c.platform.put(`/api/away/trip/${id}?schoolId=${fx.b.id}`, edit)).status).toBe(404);
    expect((await c.platform.put(`/api/away/trip/${id}?schoolId=${fx.a.id}`, edit)).status).toBe(200);
    expect((await c.platform.delete(`/api/away/entry/${id}?schoolId=${fx.a.id}`)).status).toBe(200);
  });

  it('a trip that ended yesterday is archived: it can be read but neither edited nor removed', async () => {
    const archived = await Trip.of(fx.a.id).create({
      schoolId: fx.a.id,
      fromDate: '2026-11-18',
      toDate: '2026-11-20',
      studentNames: ['Gammel'],
    });
    const endsToday = await Trip.of(fx.a.id).create({
      schoolId: fx.a.id,
      fromDate: '2026-11-18',
      toDate: '2026-11-21',
      studentNames: ['Idag'],
    });
    const edit = { fromDate: '2026-11-18', toDate: '2026-11-30', studentNames: ['Gammel'], classIds: [], baseVersion: 0 };
    expect((await c.adminA.put(`/api/away/trip/${archived._id}`, edit)).body).toEqual({ message: AWAY_TEXTS.archived, code: 'conflict' });
    expect((await c.adminA.delete(`/api/away/entry/${archived._id}`)).status).toBe(409);
    expect(await Trip.of(fx.a.id).findById(archived._id).lean()).toMatchObject({ toDate: '2026-11-20', studentNames: ['Gammel'] });
    expect((await c.adminA.put(`/api/away/trip/${endsToday._id}`, { ...edit, studentNames: ['Idag'] })).status).toBe(200);
    // Just after midnight in Oslo the same trip is in the archive.
    clock.setOslo('2026-11-22', 0, 5);
    try {
      expect((await c.adminA.delete(`/api/away/entry/${endsToday._id}`)).status).toBe(200);
      const ended = await Trip.of(fx.a.id).create({ schoolId: fx.a.id, fromDate: '2026-11-18', toDate: '2026-11-21', studentNames: ['X'] });
      expect((await c.adminA.delete(`/api/away/entry/${ended._id}`)).status).toBe(409);
    } finally {
      clock.setOslo('2026-11-21', 21, 0);
    }
  });
});

describe('bad input: a clear Norwegian 400 and nothing stored', () => {
  const message = (res: { body: unknown }) => (res.body as { message: string }).message;

  it('names, comments and dates', async () => {
    const bad: Array<[string, unknown, string]> = [
      ['/api/sick/add', { date: DAY, name: '   ' }, 'Feltet «navn»: Navn må fylles ut'],
      ['/api/sick/add', { date: DAY, name: 'x'.repeat(101) }, 'Feltet «navn»: Navnet kan være maks 100 tegn'],
      ['/api/sick/add', { date: DAY, name: { $gt: '' } }, 'Feltet «navn»'],
      ['/api/sick/add', { date: DAY, name: 'Ola', comment: 'x'.repeat(501) }, 'Feltet «kommentar»: Kommentaren kan være maks 500 tegn'],
      ['/api/sick/add', { date: '2026-02-30', name: 'Ola' }, 'Feltet «dato»'],
      ['/api/sick/add', { date: { $ne: null }, name: 'Ola' }, 'Feltet «dato»'],
      ['/api/away/add', { ...range, studentName: '\t ' }, 'Feltet «elevnavn»'],
      ['/api/away/add', { ...range, studentName: '..' }, 'Feltet «elevnavn»: Navnet må ha minst én bokstav eller ett tall'],
      ['/api/sick/add', { date: DAY, name: '.' }, 'Feltet «navn»: Navnet må ha minst én bokstav eller ett tall'],
      [
        '/api/away/add',
        { fromDate: '2026-11-24', toDate: '2026-11-23', studentName: 'Ola' },
        `Feltet «til-dato»: ${AWAY_TEXTS.datesOrder}`,
      ],
      ['/api/away/add', { fromDate: '2026-13-01', toDate: '2026-13-02', studentName: 'Ola' }, 'Feltet «fra-dato»'],
      ['/api/away/add', { ...range, studentNames: ['Ola', ''] }, 'Feltet «elevnavn nr. 2»'],
      ['/api/away/classes', { ...range, classIds: [] }, 'Feltet «klasser»: Velg minst én klasse'],
      ['/api/away/classes', { ...range, classIds: [classB] }, AWAY_TEXTS.unknownClass],
      ['/api/away/classes', { ...range, classIds: ['ikke-en-id'] }, 'Feltet «klasser nr. 1»'],
      ['/api/away/classes', { ...range, classIds: [{ $gt: '' }] }, 'Feltet «klasser nr. 1»'],
    ];
    for (const [path, body, expected] of bad) {
      const res = await c.adminA.post(path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(message(res)).toContain(expected);
    }
    const put = await c.adminA.put('/api/sick', { date: DAY, students: [{ name: 'Ola' }, { name: ' ' }] });
    expect(message(put)).toBe('Feltet «elever nr. 2, navn»: Navn må fylles ut');
    expect(await countEverywhere(SickRecord)).toBe(0);
    expect(await countEverywhere(Trip)).toBe(0);
  });

  it('trip edits with bad dates, blank names or another school’s class change nothing', async () => {
    const id = await tripOfA();
    for (const body of [
      { ...range, fromDate: '2026-11-30', studentNames: ['Per'], classIds: [] },
      { ...range, studentNames: ['  '], classIds: [] },
      { ...range, studentNames: [], classIds: [] },
      { ...range, studentNames: ['Per'], classIds: [classB] },
      { ...range, studentNames: 'Per', classIds: [] },
    ]) {
      const res = await c.adminA.put(`/api/away/trip/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof message(res)).toBe('string');
    }
    expect((await c.adminA.put('/api/away/trip/123', { ...range, studentNames: ['Per'], classIds: [] })).status).toBe(400);
    expect(await Trip.of(fx.a.id).findById(id).lean()).toMatchObject({ ...range, studentNames: ['Per'] });
  });

  it('student names with dots, slashes, percent signs, emoji and æøå are removed by their URL-encoded name', async () => {
    const odd = ['Ola N.', 'O.', '...A', 'a/b', '50% Per', '😀 Glad', 'Åse Ødegård-Æsøy', '__proto__', 'constructor', 'toString', 'a?b#c'];
    await c.adminA.post('/api/away/add', { ...range, studentNames: [...odd, 'Blir'] });
    for (const name of odd) {
      const res = await c.adminA.delete(`/api/away/student/${encodeURIComponent(name)}`);
      expect(res.status, name).toBe(200);
    }
    expect((await Trip.of(fx.a.id).findOne({ schoolId: fx.a.id }).lean())!.studentNames).toEqual(['Blir']);
    const malformed = await c.adminA.delete('/api/away/student/50%');
    expect(malformed.status).toBe(400);
    expect(typeof message(malformed)).toBe('string');
    expect((await c.adminA.delete(`/api/away/student/${'x'.repeat(101)}`)).status).toBe(400);
    const longest = 'Æ😀'.repeat(33) + 'ø';
    await c.adminA.post('/api/away/add', { ...range, studentName: longest });
    expect((await c.adminA.delete(`/api/away/student/${encodeURIComponent(longest)}`)).status).toBe(200);
    expect((await Trip.of(fx.a.id).findOne({ schoolId: fx.a.id }).lean())!.studentNames).toEqual(['Blir']);
  });

  it('students called __proto__ or constructor are listed like anyone else', async () => {
    await c.adminA.post('/api/sick/add', { date: DAY, name: '__proto__', comment: 'Hodepine' });
    await c.adminA.post('/api/sick/add', { date: DAY, name: 'constructor', comment: '' });
    const sick = await c.supervisorA.get<{ names: string[]; studentComments: Record<string, string> }>(`/api/sick?date=${DAY}`);
    expect(sick.status).toBe(200);
    expect(sick.body.names).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(sick.body.studentComments, '__proto__')?.value).toBe('Hodepine');
    await c.adminA.post('/api/away/add', { ...range, studentNames: ['__proto__', 'constructor', 'hasOwnProperty'] });
    const away = await c.supervisorA.get<{ names: string[]; returnDates: Record<string, string> }>(`/api/away?activeOn=${DAY}`);
    expect(away.status).toBe(200);
    expect(away.body.names).toEqual(['__proto__', 'constructor', 'hasOwnProperty']);
    expect(Object.getOwnPropertyDescriptor(away.body.returnDates, '__proto__')?.value).toBe(range.toDate);
    expect(Object.getOwnPropertyDescriptor(away.body.returnDates, 'constructor')?.value).toBe(range.toDate);
  });
});
