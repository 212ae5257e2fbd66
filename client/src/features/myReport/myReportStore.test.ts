import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkDown, stubFetch } from '../../testing/fakeFetch';
import { useMyReportStore } from './myReportStore';
import { writeDraft } from './reportDrafts';

/**
 * The one rule of the store that no server takes part in: the day a report belongs to while the
 * server cannot be asked. Everything the server answers is tested against the real server
 * (myReportStore.server.test.ts, myReportVersions.server.test.ts).
 */
const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const store = () => useMyReportStore.getState();

beforeEach(() => {
  localStorage.clear();
  store().reset();
  stubFetch(() => networkDown());
});

afterEach(() => vi.useRealTimers());

describe('which day an offline report belongs to (the server cannot be asked)', () => {
  // Oslo is UTC+1 in winter and UTC+2 in summer; the report day turns at 09:00 Oslo time.
  it.each([
    ['00:30 Oslo, just past midnight: still the previous report day', '2026-11-20T23:30:00Z', '2026-11-20'],
    ['08:59 Oslo in winter: the previous day', '2026-11-21T07:59:00Z', '2026-11-20'],
    ['09:00 Oslo in winter: the new day', '2026-11-21T08:00:00Z', '2026-11-21'],
    ['08:59 Oslo on the spring-forward Sunday (CEST since 03:00)', '2026-03-29T06:59:00Z', '2026-03-28'],
    ['09:00 Oslo on the spring-forward Sunday', '2026-03-29T07:00:00Z', '2026-03-29'],
    ['08:00 Oslo on the fall-back Sunday (07:00 UTC, which was 09:00 the day before)', '2026-10-25T07:00:00Z', '2026-10-24'],
    ['09:00 Oslo on the fall-back Sunday (CET since 03:00)', '2026-10-25T08:00:00Z', '2026-10-25'],
  ])('%s', async (_when, instant, expectedDay) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
    writeDraft(KARI, expectedDay, 'Skrevet uten nett', 0);

    await store().start(KARI);

    expect(store()).toMatchObject({ status: 'error', day: expectedDay, text: 'Skrevet uten nett', unsaved: true });
  });
});
