import { beforeEach, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { myReportSchema, REPORT_TEXTS, reportSchema, type MyReport, type Report, type TaskRounds } from '#protocol/reports';
import { DEFAULT_TASK_LABELS, TASK_IDS } from '#protocol/taskButtons';
import { expectAccess, refusedExcept, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestClock } from '../../../test/testClock';
import { ReportModel } from './model';
import { TaskConfig } from '../taskButtons/model';
import { deleteEverywhere } from '../../../test/everySchool';
import { useSeededServer } from '../../../test/useTestServer';

const clock = new TestClock();
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ fx, c } = started), {}, { clock });
beforeEach(async () => {
  clock.setOslo('2026-11-27', 21, 0);
  await deleteEverywhere(ReportModel);
  await deleteEverywhere(TaskConfig);
});

const DAY = '2026-11-27';
const oslo = (time: string, date = DAY) => new Date(`${date}T${time}:00+01:00`).toISOString();
const tickAt = (clockTime: string, body: Record<string, unknown> = {}) => {
  const [hour, minute] = clockTime.split(':').map(Number) as [number, number];
  clock.setOslo(hour < 9 ? '2026-11-28' : DAY, hour, minute);
  return c.supervisorA.put<Report>('/api/reports/my/tasks/1', { date: DAY, done: true, ...body });
};
const labels = (over: Record<string, string>) => TASK_IDS.map((id) => ({ id, label: over[id] ?? DEFAULT_TASK_LABELS[id] }));

describe('a round ticked several times a night', () => {
  it('keeps every tick with its time, the board lists who did each, and taking back removes only my latest', async () => {
    await tickAt('22:00');
    await tickAt('00:00');
    const third = await tickAt('02:00');
    expect(third.status).toBe(200);
    expect(third.body.completedTasks).toEqual(['1']);
    expect(third.body.ticks.map((t) => [t.taskId, t.label, t.at])).toEqual([
      ['1', DEFAULT_TASK_LABELS['1'], oslo('22:00')],
      ['1', DEFAULT_TASK_LABELS['1'], oslo('00:00', '2026-11-28')],
      ['1', DEFAULT_TASK_LABELS['1'], oslo('02:00', '2026-11-28')],
    ]);
    // The admin's report and the yesterday list read the same three.
    const read = await c.adminA.get<Report>(`/api/reports/${third.body.id}`);
    expect(read.body.ticks.map((t) => t.at)).toEqual(third.body.ticks.map((t) => t.at));
    const board = await c.caretakerA.get<TaskRounds>('/api/task-rounds');
    expect(board.body.rounds.map((r) => [r.taskId, r.userId, r.at])).toEqual(
      third.body.ticks.map((t) => [t.taskId, fx.a.supervisor.id, t.at]),
    );

    // Taken back by mistake: the latest of mine goes, the two before stay.
    const undone = await c.supervisorA.put<Report>('/api/reports/my/tasks/1', { date: DAY, done: false });
    expect(undone.body.ticks.map((t) => t.at)).toEqual([oslo('22:00'), oslo('00:00', '2026-11-28')]);
    // Or the one named.
    const first = undone.body.ticks[0]!.id;
    const named = await c.supervisorA.put<Report>('/api/reports/my/tasks/1', { date: DAY, done: false, tickId: first });
    expect(named.body.ticks.map((t) => t.at)).toEqual([oslo('00:00', '2026-11-28')]);
  });

  it('a tick sent twice under one id is recorded once', async () => {
    const body = { date: DAY, done: true, tickId: 'enhet-1234-abcd' };
    const [a, b] = await Promise.all([
      c.supervisorA.put<Report>('/api/reports/my/tasks/2', body),
      c.supervisorA.put<Report>('/api/reports/my/tasks/2', body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const mine = await c.supervisorA.get<{ ticks: Report['ticks'] }>('/api/reports/my');
    expect(mine.body.ticks.map((t) => t.id)).toEqual(['enhet-1234-abcd']);
  });

  it('only a Tilsynsvakt ticks, in their own school; bad input is refused with a Norwegian message', async () => {
    await expectAccess(c, (x) => x.put('/api/reports/my/tasks/3', { date: DAY, done: true }), refusedExcept({ supervisorA: 200 }));
    for (const [body, message] of [
      [{ date: DAY, done: true, doneAt: 'i går kveld' }, 'Ugyldig tidspunkt'],
      [{ date: DAY, done: true, tickId: 'a b' }, 'Ugyldig avkryssing'],
      [{ date: DAY, done: 'ja' }, 'utført'],
      [{ date: '27.11.2026', done: true }, 'dato'],
    ] as const) {
      const res = await c.supervisorA.put<{ message: string }>('/api/reports/my/tasks/3', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await c.supervisorA.put('/api/reports/my/tasks/7', { date: DAY, done: true })).status).toBe(400);
  });
});

describe('a tick made off line', () => {
  it('ticked at 22:10 and sent at 23:05 is recorded at 22:10', async () => {
    clock.setOslo(DAY, 23, 5);
    const sent = await c.supervisorA.put<Report>('/api/reports/my/tasks/1', { date: DAY, done: true, doneAt: oslo('22:10') });
    expect(sent.status).toBe(200);
    expect(sent.body.ticks.map((t) => t.at)).toEqual([oslo('22:10')]);
    expect((await c.adminA.get<TaskRounds>('/api/task-rounds')).body.rounds.map((r) => r.at)).toEqual([oslo('22:10')]);
  });

  it('an implausible time is refused with a clear message, and nothing is recorded', async () => {
    clock.setOslo(DAY, 23, 5);
    const ahead = await c.supervisorA.put<{ message: string; code: string }>('/api/reports/my/tasks/1', {
      date: DAY,
      done: true,
      doneAt: oslo('23:10'),
    });
    expect([ahead.status, ahead.body.code, ahead.body.message]).toEqual([400, 'tickInFuture', REPORT_TEXTS.tickInFuture]);
    // Before the report day began (09:00): not a tick of this day.
    const before = await c.supervisorA.put<{ message: string; code: string }>('/api/reports/my/tasks/1', {
      date: DAY,
      done: true,
      doneAt: oslo('08:50'),
    });
    expect([before.status, before.body.code, before.body.message]).toEqual([400, 'tickOutsideDay', REPORT_TEXTS.tickOutsideDay]);
    expect((await c.supervisorA.get<{ ticks: unknown[] }>('/api/reports/my')).body.ticks).toEqual([]);
    // A device clock a minute ahead is within the skew: taken, at the server's time.
    const skewed = await c.supervisorA.put<Report>('/api/reports/my/tasks/1', { date: DAY, done: true, doneAt: oslo('23:06') });
    expect(skewed.body.ticks.map((t) => t.at)).toEqual([oslo('23:05')]);
  });
});

describe('labels as they were', () => {
  it('renaming a round changes no report, and the rename is in Endringslogg', async () => {
    const ticked = await tickAt('21:30');
    const before = await c.adminA.get<{ version: number }>(`/api/tasks-config/${fx.a.id}`);
    const renamed = await c.adminA.put(`/api/tasks-config/${fx.a.id}`, {
      buttons: labels({ '1': 'Kveldsmat servert' }),
      baseVersion: before.body.version,
    });
    expect(renamed.status).toBe(200);
    const report = await c.adminA.get<Report>(`/api/reports/${ticked.body.id}`);
    expect(report.body.ticks.map((t) => t.label)).toEqual([DEFAULT_TASK_LABELS['1']]);
    // A tick after the rename carries the new label; the old one keeps its own.
    const after = await tickAt('22:30');
    expect(after.body.ticks.map((t) => t.label)).toEqual([DEFAULT_TASK_LABELS['1'], 'Kveldsmat servert']);

    const log = await c.adminA.get<Array<{ action: string; targetName: string; detail: string; actorName: string }>>('/api/admin/audit');
    expect(log.body.filter((entry) => entry.action === 'taskButton.renamed')).toEqual([
      expect.objectContaining({
        targetName: 'Kveldsmat servert',
        detail: `Oppgave 1: «${DEFAULT_TASK_LABELS['1']}» → «Kveldsmat servert»`,
        actorName: fx.a.admin.name,
      }),
    ]);
    // Another school's log does not have it.
    const other = await c.adminB.get<Array<{ action: string }>>('/api/admin/audit');
    expect(other.body.some((entry) => entry.action === 'taskButton.renamed')).toBe(false);
  });
});

describe("the spec's body on a round done several times", () => {
  it('a listed round keeps all its ticks; a round left out is no longer done', async () => {
    await tickAt('22:00');
    await tickAt('23:00');
    const kept = await c.supervisorA.put<Report>('/api/reports/my', { date: DAY, content: 'Rolig', completedTasks: ['1', '4'] });
    expect(kept.body.ticks.map((t) => [t.taskId, t.at])).toEqual([
      ['1', oslo('22:00')],
      ['1', oslo('23:00')],
      ['4', oslo('23:00')],
    ]);
    const left = await c.supervisorA.put<Report>('/api/reports/my', { date: DAY, content: 'Rolig', completedTasks: JSON.stringify(['4']) });
    expect(left.body.completedTasks).toEqual(['4']);
    expect(left.body.ticks.map((t) => t.taskId)).toEqual(['4']);
  });
});

describe('a tick an older client stored', () => {
  it('without id or label, and of a round no school has, is read with an id, and the report is valid to the protocol', async () => {
    const ticked = await tickAt('22:00');
    const at = new Date(oslo('23:30'));
    await ReportModel.of(fx.a.id).collection.updateOne({ _id: new Types.ObjectId(ticked.body.id) }, {
      $push: { taskTicks: { taskId: '7', at } },
    } as never);
    const read = await c.adminA.get<Report>(`/api/reports/${ticked.body.id}`);
    expect(read.status).toBe(200);
    const report = reportSchema.parse(read.body);
    expect(report.ticks.map((t) => [t.taskId, t.label, t.at])).toEqual([
      ['1', DEFAULT_TASK_LABELS['1'], oslo('22:00')],
      ['7', '', oslo('23:30')],
    ]);
    expect(report.ticks[1]!.id).toBe(`${ticked.body.id}-7-${at.getTime()}`);
    const mine = await c.supervisorA.get<MyReport>(`/api/reports/my?date=${DAY}`);
    expect(myReportSchema.parse(mine.body).ticks.map((t) => t.id)).toEqual(report.ticks.map((t) => t.id));
  });
});
