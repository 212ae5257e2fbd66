import { describe, expect, it } from 'vitest';
import { DEFAULT_TASK_LABELS, TASK_LABEL_REQUIRED, TASK_LABELS_CONFLICT } from '#protocol/taskButtons';
import { signedIn } from '../../../test/sessions';
import { expectAccess, makeUser, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import type { TestServer } from '../../../test/testServer';
import { TaskConfig } from './model';
import { useSeededServer } from '../../../test/useTestServer';

let server: TestServer;
let fx: Fixture;
let c: Callers;

useSeededServer((started) => ({ server, fx, c } = started));

type Buttons = { buttons: Array<{ id: string; label: string }> };
/** Six labels, saved on the version they were edited from (0: the defaults, never saved). */
const labels = (prefix: string, baseVersion = 0) => ({
  buttons: ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, label: `${prefix} ${id}` })),
  baseVersion,
});

describe('tasks config', () => {
  it('starts with the spec’s six defaults, readable by every approved member of the school', async () => {
    await expectAccess(c, (x) => x.get(`/api/tasks-config/${fx.a.id}`), {
      anonymous: 401,
      pendingA: 403,
      deactivatedA: 403,
      adminB: 403,
      supervisorA: 200,
      caretakerA: 200,
      adminA: 200,
      platform: 200,
    });
    const res = await c.supervisorA.get<Buttons>(`/api/tasks-config/${fx.a.id}`);
    expect(res.body.buttons).toEqual(Object.entries(DEFAULT_TASK_LABELS).map(([id, label]) => ({ id, label })));
    expect((await c.platform.get(`/api/tasks-config/0123456789abcdef01234567`)).status).toBe(404);
    expect((await c.adminA.get('/api/tasks-config/ikke-id')).status).toBe(400);
  });

  it('is changed by the school’s Admin or the Plattformadministrator, trimmed, in id order', async () => {
    await expectAccess(c, (x) => x.put(`/api/tasks-config/${fx.a.id}`, labels('Runde')), {
      anonymous: 401,
      supervisorA: 403,
      caretakerA: 403,
      adminB: 403,
      adminA: 200,
      platform: 200,
    });
    const reversed = {
      buttons: labels('  Ny')
        .buttons.map((b) => ({ ...b, label: `${b.label}  ` }))
        .reverse(),
      baseVersion: 1,
    };
    const res = await c.adminA.put<Buttons>(`/api/tasks-config/${fx.a.id}`, reversed);
    expect(res.body.buttons.map((b) => b.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(res.body.buttons[0]!.label).toBe('Ny 1');
    expect((await c.supervisorA.get<Buttons>(`/api/tasks-config/${fx.a.id}`)).body.buttons[5]!.label).toBe('Ny 6');
    expect((await c.adminB.get<Buttons>(`/api/tasks-config/${fx.b.id}`)).body.buttons[0]!.label).toBe(DEFAULT_TASK_LABELS['1']);
  });

  it('refuses a missing, blank, long or duplicate label with the spec’s message, storing nothing', async () => {
    const before = await TaskConfig.of(fx.b.id).findOne({ schoolId: fx.b.id }).lean();
    const blank = labels('X');
    blank.buttons[2]!.label = '   ';
    const res = await c.adminB.put<{ message: string }>(`/api/tasks-config/${fx.b.id}`, blank);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(TASK_LABEL_REQUIRED);
    const long = labels('X');
    long.buttons[0]!.label = 'x'.repeat(101);
    const duplicate = labels('X');
    duplicate.buttons[1]!.id = '1';
    for (const body of [
      long,
      duplicate,
      { buttons: labels('X').buttons.slice(0, 5), baseVersion: 0 },
      { buttons: 'alle', baseVersion: 0 },
      {},
      labels('X', -1),
    ]) {
      expect((await c.adminB.put(`/api/tasks-config/${fx.b.id}`, body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await TaskConfig.of(fx.b.id).findOne({ schoolId: fx.b.id }).lean()).toEqual(before);
  });

  it('two admins saving at once from one version: one is taken, the others are shown the labels as they are now', async () => {
    const start = (await c.adminA.get<Buttons & { version: number }>(`/api/tasks-config/${fx.a.id}`)).body.version;
    const second = await signedIn(server.baseUrl, await makeUser(fx.a.id, 'Admin'));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        (n % 2 ? second : c.adminA).put<Buttons & { version: number; code?: string; current?: Buttons }>(
          `/api/tasks-config/${fx.a.id}`,
          labels(`Samtidig ${n}`, start),
        ),
      ),
    );
    const taken = answers.filter((a) => a.status === 200);
    expect(taken).toHaveLength(1);
    const now = (await c.supervisorA.get<Buttons & { version: number }>(`/api/tasks-config/${fx.a.id}`)).body;
    expect(now).toMatchObject({ buttons: taken[0]!.body.buttons, version: start + 1 });
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'editConflict',
        message: TASK_LABELS_CONFLICT,
        current: { buttons: now.buttons, version: now.version },
      });
    }
  });
});
