import { beforeEach, describe, expect, it } from 'vitest';
import type { MaintenanceTask } from '#protocol';
import { json, refusal, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { taskActions, useArchivedTasksStore, usePendingTasksStore } from './maintenanceStore';
import { resetStores } from '../../stores/registry';

const SCHOOL = 'dddddddddddddddddddddddd';
const ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
const pending: MaintenanceTask = {
  id: ID,
  schoolId: SCHOOL,
  roomNumber: '12',
  description: 'Lyspære gått',
  status: 'pending',
  createdByName: 'Kari A',
  createdAt: '2026-11-20T10:00:00.000Z',
  completedByName: null,
  completedAt: null,
  rejectedByName: null,
  rejectedAt: null,
  rejectReason: null,
  history: [{ action: 'created', byName: 'Kari A', at: '2026-11-20T10:00:00.000Z', reason: null }],
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const completed: MaintenanceTask = {
  ...pending,
  status: 'completed',
  completedByName: 'Vaktmester A',
  completedAt: '2026-11-20T11:00:00.000Z',
  updatedAt: '2026-11-20T11:00:00.000Z',
};

let sent: SentRequest[];
let completeAnswer: () => Response;

beforeEach(() => {
  resetStores();
  completeAnswer = () => json(completed);
  sent = stubFetch(({ url }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/maintenance-tasks') return json(searchParams.get('status') === 'pending' ? [pending] : []);
    if (pathname === `/api/maintenance-tasks/${ID}/complete`) return completeAnswer();
    if (pathname === `/api/maintenance-tasks/${ID}`) return json({ id: ID });
    return refusal(404, 'Ikke funnet');
  });
});

const listsAsked = () => sent.filter((r) => r.method === 'GET').length;

describe('actions on a maintenance task go into both lists', () => {
  it('a completed task leaves the pending list and joins the archive', async () => {
    await usePendingTasksStore.getState().ensure(SCHOOL);
    await useArchivedTasksStore.getState().ensure(SCHOOL);
    await taskActions.complete(pending);
    expect(usePendingTasksStore.getState().byId).toEqual({});
    expect(useArchivedTasksStore.getState().byId[ID]).toEqual(completed);
  });

  it('a deleted task is gone', async () => {
    await usePendingTasksStore.getState().ensure(SCHOOL);
    await taskActions.remove(pending);
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/maintenance-tasks/${ID}?schoolId=${SCHOOL}` });
    expect(usePendingTasksStore.getState().byId).toEqual({});
  });

  it('someone else got there first (409): the loaded lists are asked again, and the refusal reaches the screen', async () => {
    await usePendingTasksStore.getState().ensure(SCHOOL);
    const before = listsAsked();
    completeAnswer = () => refusal(409, 'Saken er allerede fullført');
    await expect(taskActions.complete(pending)).rejects.toThrow();
    // The pending list is loaded; the archive is not, and nobody asked for it.
    expect(listsAsked()).toBe(before + 1);
  });

  it('any other failure asks nothing again', async () => {
    await usePendingTasksStore.getState().ensure(SCHOOL);
    const before = listsAsked();
    completeAnswer = () => refusal(500, 'Nede');
    await expect(taskActions.complete(pending)).rejects.toThrow();
    expect(listsAsked()).toBe(before);
  });
});
