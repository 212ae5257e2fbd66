import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { ROLL_CALL_TEXTS, type RollCall } from '#protocol/rollCalls';
import type { RegisterStudentRecord } from '#protocol/studentRegister';
import { makeUser, type Callers } from '../../../test/callers';
import type { Fixture } from '../../../test/fixtures';
import { TestPushService, type TestDevice } from '../../../test/pushService';
import { signedIn } from '../../../test/sessions';
import { TestClock } from '../../../test/testClock';
import type { TestServer } from '../../../test/testServer';
import { useSeededServer } from '../../../test/useTestServer';

/** A roll started off line (its id and time from the phone), and 'Ikke funnet' told to the other supervisors by push (issue 47). */
const clock = new TestClock();
clock.setOslo('2026-11-24', 22, 0);
const DAY = '2026-11-24';
let server: TestServer;
let fx: Fixture;
let c: Callers;
let service: TestPushService;
let otherSupervisor: TestDevice;
let markingSupervisor: TestDevice;
let caretaker: TestDevice;
let schoolB: TestDevice;
useSeededServer((s) => ({ server, fx, c } = s), {}, { clock });

beforeAll(async () => {
  service = await TestPushService.start();
  [otherSupervisor, markingSupervisor, caretaker, schoolB] = ['tilsyn 2', 'tilsyn 1', 'vaktmester', 'skole B'].map((label) =>
    service.newDevice(label),
  ) as [TestDevice, TestDevice, TestDevice, TestDevice];
  const second = await signedIn(server.baseUrl, await makeUser(fx.a.id, 'Tilsynsvakt'));
  const supervisorB = await signedIn(server.baseUrl, await makeUser(fx.b.id, 'Tilsynsvakt'));
  for (const [client, device] of [
    [second, otherSupervisor],
    [c.supervisorA, markingSupervisor],
    [c.caretakerA, caretaker],
    [supervisorB, schoolB],
  ] as const) {
    expect((await client.post('/api/push/subscriptions', device.toJSON())).status).toBe(200);
  }
});
afterAll(async () => service?.close());

const add = async (firstName: string, house: string) =>
  (await c.adminA.post<RegisterStudentRecord>('/api/admin/register/students', { firstName, lastName: 'Telles', house, room: '2' })).body;

describe('a roll started off line', () => {
  it("keeps the phone's id and start time; sent again it is the same roll; another phone's roll of the house wins", async () => {
    const id = new Types.ObjectId().toHexString();
    const startedAt = new Date(clock.now().getTime() - 10 * 60_000).toISOString();
    const first = await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Sørtun', id, startedAt });
    expect(first.body).toMatchObject({ id, startedAt, house: 'Sørtun' });
    const again = await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Sørtun', id, startedAt });
    expect(again.body.id).toBe(id);
    // A second phone started the same house off line too: it gets the roll under way.
    const other = await c.adminA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Sørtun', id: new Types.ObjectId().toHexString() });
    expect(other.body.id).toBe(id);
    // A start time from the future is taken as now.
    const later = await c.supervisorA.post<RollCall>('/api/roll-calls', {
      date: DAY,
      house: 'Nyhuset',
      startedAt: '2099-01-01T00:00:00Z',
    });
    expect(later.body.startedAt).toBe(clock.now().toISOString());
    expect((await c.supervisorA.post<{ message: string }>('/api/roll-calls', { date: DAY, id: 'tull' })).status).toBe(400);
  });
});

describe("'Ikke funnet'", () => {
  it('reaches the other supervisors by push with name and house only, once; not the one who marked, the caretaker or another school', async () => {
    const ane = await add('Ane', 'Vesttun');
    const roll = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Vesttun' })).body;
    const mark = (state: string) => c.supervisorA.put<RollCall>(`/api/roll-calls/${roll.id}/marks/${ane.id}`, { state });
    expect((await mark('missing')).status).toBe(200);
    await service.waitUntil(() => service.to(otherSupervisor).length > 0, 2_000);
    // Marked again as not found, and found: no new notification.
    await mark('missing');
    await mark('present');
    await server.app.push.idle();
    expect(service.to(otherSupervisor).map((p) => p.message)).toEqual([
      {
        kind: 'studentNotFound',
        title: 'Ikke funnet: Ane Telles',
        body: 'Vesttun. Meldt under opptellingen.',
        url: `/opptelling/${roll.id}`,
        tag: `ikke-funnet-${roll.id}-${ane.id}`,
      },
    ]);
    expect(service.to(otherSupervisor)[0]).toMatchObject({ urgency: 'high' });
    expect([service.to(markingSupervisor), service.to(caretaker), service.to(schoolB)]).toEqual([[], [], []]);
  });

  it("is only for the school's own students: another id is refused and nothing is stored", async () => {
    const roll = (await c.supervisorA.post<RollCall>('/api/roll-calls', { date: DAY, house: 'Østtun' })).body;
    const stranger = new Types.ObjectId().toHexString();
    const res = await c.supervisorA.put<{ message: string }>(`/api/roll-calls/${roll.id}/marks/${stranger}`, { state: 'missing' });
    expect([res.status, res.body.message]).toEqual([404, ROLL_CALL_TEXTS.notOnList]);
    expect((await c.supervisorA.get<RollCall[]>(`/api/roll-calls?date=${DAY}`)).body.find((r) => r.id === roll.id)?.marks).toEqual([]);
  });
});
