import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_TEXTS } from '#protocol/reports';
import { TASK_LABELS_CONFLICT } from '#protocol/taskButtons';
import { AWAY_TEXTS } from '#protocol/away';
import { VERSION_TEXTS } from '#protocol/versions';
import type { Callers } from '../../test/callers';
import type { Fixture } from '../../test/fixtures';
import { TestClock } from '../../test/testClock';
import { deleteEverywhere } from '../../test/everySchool';
import { ReportModel } from '../features/reports/model';
import { Trip } from '../features/away/model';
import { TaskConfig } from '../features/taskButtons/model';
import { useSeededServer } from '../../test/useTestServer';

// Issue 41: the versions of whole-thing writes are optional. Named (in the body or as If-Match) a
// write is applied only on that version; naming none it is applied as the spec describes.

const clock = new TestClock();
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ fx, c } = started), {}, { clock });
beforeEach(async () => {
  clock.setOslo('2026-11-21', 21, 0);
  await deleteEverywhere(ReportModel);
  await deleteEverywhere(Trip);
  await TaskConfig.of(fx.a.id).deleteMany({});
});

const DAY = '2026-11-21';
type Saved = { id: string; content: string; completedTasks: string[]; awayStudents: string[]; version: number };
type Conflict<T> = { message: string; code: string; current: T };
const ifMatch = (tag: string) => ({ headers: { 'if-match': tag } });

describe('PUT /api/reports/my', () => {
  it('takes the spec’s body: the text and the ticks, the away list staying the server’s', async () => {
    await c.adminA.post('/api/away/add', { fromDate: DAY, toDate: DAY, studentName: 'Per Borte' });
    const first = await c.supervisorA.put<Saved>('/api/reports/my', {
      date: DAY,
      content: 'Rolig kveld.',
      completedTasks: ['1', '3'],
      awayStudents: ['Noen Andre'],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ content: 'Rolig kveld.', completedTasks: ['1', '3'], awayStudents: ['Per Borte'], version: 1 });
    expect(first.headers.get('etag')).toBe('"1"');
    const ticksBefore = (await ReportModel.of(fx.a.id).findById(first.body.id).lean())!.taskTicks;

    clock.setOslo(DAY, 22, 30);
    // Another save without a version: applied over the last; the rounds still ticked keep their times.
    const second = await c.supervisorA.put<Saved>('/api/reports/my', {
      date: DAY,
      content: 'Rolig natt.',
      completedTasks: JSON.stringify(['3', '5']),
      awayStudents: [],
    });
    expect(second.body).toMatchObject({ content: 'Rolig natt.', completedTasks: ['3', '5'], awayStudents: ['Per Borte'], version: 2 });
    const ticks = (await ReportModel.of(fx.a.id).findById(first.body.id).lean())!.taskTicks;
    expect(ticks.find((t) => t.taskId === '3')!.at).toEqual(ticksBefore.find((t) => t.taskId === '3')!.at);
    expect(ticks.find((t) => t.taskId === '5')!.at).toEqual(clock.now());
    const mine = await c.supervisorA.get<Saved>(`/api/reports/my?date=${DAY}`);
    expect(mine.body).toMatchObject({ content: 'Rolig natt.', completedTasks: ['3', '5'] });
    expect(mine.headers.get('etag')).toBe('"2"');
  });

  it('without completedTasks leaves the ticks as they are', async () => {
    await c.supervisorA.put(`/api/reports/my/tasks/2`, { date: DAY, done: true });
    const saved = await c.supervisorA.put<Saved>('/api/reports/my', { date: DAY, content: 'Tekst.' });
    expect(saved.body).toMatchObject({ content: 'Tekst.', completedTasks: ['2'] });
  });

  it('on a named version: applied only on it, by the body or If-Match alike', async () => {
    await c.supervisorA.put('/api/reports/my', { date: DAY, content: 'Første.' });
    await c.supervisorA.put('/api/reports/my', { date: DAY, content: 'Andre.' });
    const stale = await c.supervisorA.put<Conflict<Saved>>('/api/reports/my', { date: DAY, content: 'Fra gammel.', baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: REPORT_TEXTS.conflict, code: 'editConflict', current: { content: 'Andre.', version: 2 } });
    const staleTag = await c.supervisorA.request<Conflict<Saved>>(
      'PUT',
      '/api/reports/my',
      { date: DAY, content: 'Fra gammel.' },
      ifMatch('"1"'),
    );
    expect(staleTag.status).toBe(409);
    expect(staleTag.body.current).toMatchObject({ content: 'Andre.' });
    const onTag = await c.supervisorA.request<Saved>('PUT', '/api/reports/my', { date: DAY, content: 'Tredje.' }, ifMatch('"2"'));
    expect(onTag.status).toBe(200);
    expect(onTag.headers.get('etag')).toBe('"3"');
    const any = await c.supervisorA.request<Saved>('PUT', '/api/reports/my', { date: DAY, content: 'Fjerde.' }, ifMatch('*'));
    expect(any.body).toMatchObject({ content: 'Fjerde.', version: 4 });
  });

  it('refuses an If-Match that names no version, or another than the body, storing nothing', async () => {
    await c.supervisorA.put('/api/reports/my', { date: DAY, content: 'Lagret.' });
    for (const tag of ['W/"1"', '1', '"1", "2"', 'abc', '"-1"']) {
      const res = await c.supervisorA.request('PUT', '/api/reports/my', { date: DAY, content: 'Ny.' }, ifMatch(tag));
      expect(res.status, tag).toBe(400);
      expect(res.body, tag).toMatchObject({ message: VERSION_TEXTS.badIfMatch });
    }
    const two = await c.supervisorA.request('PUT', '/api/reports/my', { date: DAY, content: 'Ny.', baseVersion: 1 }, ifMatch('"2"'));
    expect(two.body).toMatchObject({ message: VERSION_TEXTS.twoVersions });
    expect((await c.supervisorA.get<Saved>(`/api/reports/my?date=${DAY}`)).body).toMatchObject({ content: 'Lagret.', version: 1 });
  });

  it('refuses ticks that are no rounds, in Norwegian, storing nothing', async () => {
    for (const completedTasks of [['7'], 'ikke json', [1], { a: 1 }]) {
      const res = await c.supervisorA.put('/api/reports/my', { date: DAY, content: 'X', completedTasks });
      expect(res.status, JSON.stringify(completedTasks)).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/^Feltet «utførte gjøremål/);
    }
    expect(await ReportModel.of(fx.a.id).countDocuments({})).toBe(0);
  });
});

describe('PUT /api/reports/{id}', () => {
  it('applies the spec’s {content}, and a named version only on it', async () => {
    const saved = await c.supervisorA.put<Saved>('/api/reports/my', { date: DAY, content: 'Kari skrev.' });
    const read = await c.adminA.get<Saved>(`/api/reports/${saved.body.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    const corrected = await c.adminA.put<Saved>(`/api/reports/${saved.body.id}`, { content: 'Rettet.' });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ content: 'Rettet.', version: 2 });
    const stale = await c.adminA.request<Conflict<Saved>>('PUT', `/api/reports/${saved.body.id}`, { content: 'Gammel.' }, ifMatch('"1"'));
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ content: 'Rettet.' });
    expect((await c.adminA.put(`/api/reports/${saved.body.id}`, { content: 'Gammel.', baseVersion: 1 })).status).toBe(409);
  });
});

describe('PUT /api/tasks-config/{schoolId}', () => {
  const buttons = (label: string) => ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, label: `${label} ${id}` }));

  it('applies the spec’s {buttons}, the school’s first save and later ones', async () => {
    const first = await c.adminA.put<{ version: number; buttons: unknown[] }>(`/api/tasks-config/${fx.a.id}`, {
      buttons: buttons('Runde'),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ version: 1, buttons: buttons('Runde') });
    const second = await c.adminA.put(`/api/tasks-config/${fx.a.id}`, { buttons: buttons('Tur') });
    expect(second.body).toMatchObject({ version: 2, buttons: buttons('Tur') });
    expect((await c.supervisorA.get(`/api/tasks-config/${fx.a.id}`)).headers.get('etag')).toBe('"2"');
  });

  it('on a named version: applied only on it', async () => {
    await c.adminA.put(`/api/tasks-config/${fx.a.id}`, { buttons: buttons('Runde') });
    const stale = await c.adminA.request<Conflict<unknown>>(
      'PUT',
      `/api/tasks-config/${fx.a.id}`,
      { buttons: buttons('Gammel') },
      ifMatch('"0"'),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: TASK_LABELS_CONFLICT, current: { buttons: buttons('Runde') } });
    expect((await c.adminA.put(`/api/tasks-config/${fx.a.id}`, { buttons: buttons('Gammel'), baseVersion: 0 })).status).toBe(409);
    expect((await c.adminA.request('PUT', `/api/tasks-config/${fx.a.id}`, { buttons: buttons('Ny') }, ifMatch('"1"'))).status).toBe(200);
  });
});

describe('PUT /api/away/trip/{id}', () => {
  type TripBody = { id: string; studentNames: string[]; version: number; studentNamesJSON: string; classIdsJSON: string };

  it('applies the spec’s body, and a named version only on it', async () => {
    const made = await c.adminA.post<TripBody>('/api/away/add', { fromDate: DAY, toDate: '2026-11-23', studentName: 'Ola' });
    expect(made.body).toMatchObject({ studentNamesJSON: '["Ola"]', classIdsJSON: '[]' });
    const edit = { fromDate: DAY, toDate: '2026-11-24', studentNames: ['Ola', 'Kari'], classIds: [] };
    const edited = await c.adminA.put<TripBody>(`/api/away/trip/${made.body.id}`, edit);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ studentNames: ['Ola', 'Kari'], studentNamesJSON: '["Ola","Kari"]' });
    expect(edited.headers.get('etag')).toBe(`"${edited.body.version}"`);
    const stale = await c.adminA.request<Conflict<TripBody>>(
      'PUT',
      `/api/away/trip/${made.body.id}`,
      { ...edit, studentNames: ['Per'] },
      ifMatch(`"${made.body.version}"`),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: AWAY_TEXTS.conflict, current: { studentNames: ['Ola', 'Kari'] } });
  });
});
