import { beforeEach, describe, expect, it } from 'vitest';
import type { Away, Trip } from '#protocol';
import { json, refusal, settle, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { dayScope } from '../../stores/dayScope';
import { useAwayClassesStore, useAwayStore } from './awayStore';
import { resetStores } from '../../stores/registry';
import { tripActions, tripDeleted, tripSaved, useTripsStore } from './tripsStore';

const SCHOOL = 'dddddddddddddddddddddddd';
const OTHER_SCHOOL = 'ffffffffffffffffffffffff';
const DAY = '2026-11-20';

const trip = (id: string, schoolId: string, updatedAt = '2026-11-20T10:00:00.000Z'): Trip => ({
  id,
  schoolId,
  fromDate: DAY,
  toDate: '2026-11-22',
  studentNames: ['Ola'],
  classIds: [],
  updatedAt,
  version: 1,
  studentNamesJSON: '["Ola"]',
  classIdsJSON: '[]',
});
const EDITED = 'e5e5e5e5e5e5e5e5e5e5e5e5';
const LATER = '2026-11-20T11:00:00.000Z';
const away: Away = { names: [], individualStudentNames: [], returnDates: {}, classes: [] };

let sent: SentRequest[];
let trips: Trip[];

beforeEach(() => {
  resetStores();
  trips = [];
  sent = stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/away/all') return json(trips);
    if (path === '/api/away') return json(away);
    if (path === '/api/away/classes') return json({ classIds: [] });
    if (request.method === 'PUT' && path === `/api/away/trip/${EDITED}`)
      return json({ ...trip(EDITED, SCHOOL), ...(request.body as object), updatedAt: LATER });
    return refusal(404, 'Ikke funnet');
  });
});

const asked = (path: string) => sent.filter((r) => new URL(r.url, 'http://localhost').pathname === path).length;

describe('trips kept live (trips.saved, trips.deleted)', () => {
  it('a saved trip enters the list, and who is away that day is asked again', async () => {
    await useTripsStore.getState().ensure('');
    await useAwayStore.getState().ensure(dayScope('', DAY));
    await useAwayClassesStore.getState().ensure(dayScope('', DAY));

    tripSaved(trip('e1e1e1e1e1e1e1e1e1e1e1e1', SCHOOL));

    expect(Object.keys(useTripsStore.getState().byId)).toEqual(['e1e1e1e1e1e1e1e1e1e1e1e1']);
    expect(asked('/api/away')).toBe(2);
    expect(asked('/api/away/classes')).toBe(2);
  });

  it("the Plattformadministrator's list of one school ignores another school's trip and does not ask its away lists again", async () => {
    await useTripsStore.getState().ensure(SCHOOL);
    await useAwayStore.getState().ensure(dayScope(SCHOOL, DAY));

    tripSaved(trip('e2e2e2e2e2e2e2e2e2e2e2e2', OTHER_SCHOOL));

    expect(useTripsStore.getState().byId).toEqual({});
    expect(asked('/api/away')).toBe(1);
  });

  it('a deleted trip leaves the list, and every away list on screen is asked again', async () => {
    trips = [trip('e3e3e3e3e3e3e3e3e3e3e3e3', SCHOOL)];
    await useTripsStore.getState().ensure('');
    await useAwayStore.getState().ensure(dayScope('', DAY));

    tripDeleted({ id: 'e3e3e3e3e3e3e3e3e3e3e3e3' });

    expect(useTripsStore.getState().byId).toEqual({});
    expect(asked('/api/away')).toBe(2);
  });

  it('away lists never opened are not asked for', async () => {
    await useTripsStore.getState().ensure('');

    tripSaved(trip('e4e4e4e4e4e4e4e4e4e4e4e4', SCHOOL));

    expect(asked('/api/away')).toBe(0);
    expect(asked('/api/away/classes')).toBe(0);
  });
});

describe('tripActions: editing and removing a trip', () => {
  it("an edit puts the server's answer in the list at once", async () => {
    trips = [trip(EDITED, SCHOOL)];
    await useTripsStore.getState().ensure('');

    await tripActions.update(
      trips[0]!,
      { fromDate: DAY, toDate: '2026-11-23', studentNames: ['Ola', 'Kari'], classIds: [], baseVersion: 1 },
      null,
    );

    expect(useTripsStore.getState().byId[EDITED]).toMatchObject({ toDate: '2026-11-23', studentNames: ['Ola', 'Kari'], updatedAt: LATER });
  });

  it('a trip gone meanwhile: the removal fails and the list is asked again', async () => {
    const gone = trip('e6e6e6e6e6e6e6e6e6e6e6e6', SCHOOL);
    trips = [gone];
    await useTripsStore.getState().ensure('');
    trips = [];

    await expect(tripActions.remove(gone, null)).rejects.toThrow('404');
    await settle();

    expect(asked('/api/away/all')).toBe(2);
    expect(useTripsStore.getState().byId).toEqual({});
  });
});
