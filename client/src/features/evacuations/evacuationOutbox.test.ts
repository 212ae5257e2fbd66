import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVACUATION_TEXTS, type Evacuation, type Tonight } from '#protocol';
import { json, networkDown, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { closeOutbox, flushOutbox, openOutbox, useOutbox } from '../../stores/outbox';
import { resetStores } from '../../stores/registry';
import { EVACUATION_START_KIND, markEvacuee, startEvacuation } from './evacuationOutbox';
import { useEvacuationsStore } from './evacuationsStore';
import { listFromTonight, waitingEvacuations } from './shownEvacuations';

const KARI = { id: 'a'.repeat(24), name: 'Kari Nordmann' };
const [ANE, BO] = ['1', '2'].map((n) => n.repeat(24)) as [string, string];
const ON_THE_SERVER = 'e'.repeat(24);
const tonight: Tonight = {
  date: '2026-11-23',
  houses: [
    { house: 'Nordtun', rooms: [{ room: '12', students: [{ id: ANE, firstName: 'Ane', lastName: 'Li', className: '1A', sick: true }] }] },
    { house: 'Sørtun', rooms: [{ room: '3', students: [{ id: BO, firstName: 'Bo', lastName: 'Ek', className: '1B', sick: false }] }] },
  ],
  expected: 2,
  sick: 1,
  away: 0,
};
const evacuation = (id: string): Evacuation => ({
  id,
  schoolId: 'd'.repeat(24),
  date: '2026-11-23',
  drill: false,
  startedAt: '2026-11-23T01:00:00.000Z',
  startedByName: 'Per',
  endedAt: null,
  endedByName: null,
  people: listFromTonight(tonight, KARI),
  safe: [],
  updatedAt: '2026-11-23T01:00:00.000Z',
});

let sent: SentRequest[];
let reachable: boolean;
beforeEach(() => {
  resetStores();
  reachable = false;
  sent = stubFetch((request) => {
    if (!reachable) return networkDown();
    if (request.method === 'GET') return json([]);
    if (request.method === 'POST') return json(evacuation(ON_THE_SERVER));
    const personId = request.url.split('/')[5] ?? '';
    return json({
      evacuationId: ON_THE_SERVER,
      schoolId: 'd'.repeat(24),
      personId,
      safe: true,
      byName: KARI.name,
      at: '2026-11-23T01:01:00.000Z',
      updatedAt: '2026-11-23T01:01:00.000Z',
    });
  });
  openOutbox(KARI.id);
});
afterEach(() => {
  closeOutbox();
  localStorage.clear();
});

describe('an evacuation started in a Wi-Fi hole', () => {
  it("starts on the phone from tonight's list (by house and room, the sick too, and whoever is signed in)", async () => {
    const started = await startEvacuation(null, true, { startedByName: KARI.name, list: () => listFromTonight(tonight, KARI) });
    expect(started).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), waiting: true });
    const starts = useOutbox.getState().entries.filter((e) => e.kind === EVACUATION_START_KIND) as never;
    const [shown] = waitingEvacuations(starts);
    expect(shown).toMatchObject({ id: started!.id, drill: true, startedByName: KARI.name, endedAt: null });
    expect(shown!.people).toEqual([
      { id: ANE, name: 'Ane Li', kind: 'student', house: 'Nordtun', room: '12' },
      { id: BO, name: 'Bo Ek', kind: 'student', house: 'Sørtun', room: '3' },
      { id: KARI.id, name: KARI.name, kind: 'staff', house: EVACUATION_TEXTS.staffHouse, room: '' },
    ]);
  });

  it('with no copy of the list on the phone, is not started and says to use the paper list', async () => {
    expect(await startEvacuation(null, false, { startedByName: KARI.name, list: () => null })).toBeNull();
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it("reaches the server with the phone's id and time once on line; when another phone had started one, the marks made here go to that one", async () => {
    // The school's evacuations were loaded on line before the Wi-Fi hole.
    reachable = true;
    await useEvacuationsStore.getState().ensure('');
    reachable = false;
    const started = await startEvacuation(null, false, { startedByName: KARI.name, list: () => listFromTonight(tonight, KARI) });
    markEvacuee({ school: null, evacuationId: started!.id, personId: ANE, safe: true });
    await flushOutbox();
    const before = sent.length;
    reachable = true;
    await flushOutbox();
    const reached = sent.slice(before);
    expect(useEvacuationsStore.getState().byId[started!.id]).toBeUndefined();
    expect(reached.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/evacuations',
      `PUT /api/evacuations/${ON_THE_SERVER}/people/${ANE}`,
    ]);
    expect(reached[0]!.body).toEqual({ drill: false, id: started!.id, startedAt: expect.any(String) });
    expect(reached[1]!.body).toEqual({ safe: true, at: expect.any(String) });
    expect(useOutbox.getState().entries).toEqual([]);
    expect(useEvacuationsStore.getState().byId[ON_THE_SERVER]?.safe.map((m) => m.personId)).toEqual([ANE]);
  });
});
