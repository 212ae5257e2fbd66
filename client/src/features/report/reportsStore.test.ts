import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_TEXTS, reportDay, reportSchema, type Report } from '#protocol';
import { conflictCurrent } from '../../api/http';
import { json, refusal, stubFetch, type SentRequest } from '../../testing/fakeFetch';
import { resetStores } from '../../stores/registry';
import { isRecentDay, reportActions, toRecentEntry, useRecentReportsStore, useReportsStore } from './reportsStore';

// 08:59 and 09:00 Oslo (UTC+1) on Saturday 21 November: the report day turns from the 20th to the 21st.
const BEFORE_NINE = new Date('2026-11-21T07:59:00Z');
const AT_NINE = new Date('2026-11-21T08:00:00Z');

describe('/rapporter shows the last seven report days', () => {
  it.each([
    ['08:59', '2026-11-13', false],
    ['08:59', '2026-11-14', true],
    ['08:59', '2026-11-20', true],
    ['08:59', '2026-11-21', false],
    ['09:00', '2026-11-14', false],
    ['09:00', '2026-11-15', true],
    ['09:00', '2026-11-21', true],
    ['09:00', '2026-11-22', false],
  ])('at %s Oslo on 21 November, the report of %s is listed: %s', (time, day, listed) => {
    expect(isRecentDay(day, time === '08:59' ? BEFORE_NINE : AT_NINE)).toBe(listed);
  });
});

const SCHOOL = 'dddddddddddddddddddddddd';
const ID = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const report = (content: string, updatedAt: string, version = 1): Report => ({
  id: ID,
  date: reportDay(new Date()),
  authorName: 'Kari A',
  authorUserId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  schoolId: SCHOOL,
  content,
  completedTasks: [],
  ticks: [],
  awayStudents: [],
  locked: false,
  updatedAt,
  version,
});

describe("the office's changes to a report go into the stores", () => {
  let sent: SentRequest[];
  let stored: Report;

  beforeEach(() => {
    resetStores();
    stored = report('Rolig kveld.', '2026-11-20T20:00:00.000Z');
    sent = stubFetch(({ method, url, body }) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/reports/recent7') return json([toRecentEntry(stored)]);
      if (path !== `/api/reports/${ID}`) return refusal(404, 'Ikke funnet');
      if (method === 'PUT') {
        // The server's rule: taken only on the version it was written from, unless it already holds that text.
        const { content, baseVersion } = body as { content: string; baseVersion: number };
        if (baseVersion === stored.version)
          stored = { ...stored, content, version: stored.version + 1, updatedAt: '2026-11-20T21:00:00.000Z' };
        else if (content !== stored.content) return refusal(409, REPORT_TEXTS.conflict, 'editConflict', stored);
      }
      return method === 'DELETE' ? json({ id: ID }) : json(stored);
    });
  });

  it('a corrected text replaces the report on screen, asked of the report’s own school', async () => {
    await useReportsStore.getState().ensure(ID, SCHOOL);
    await reportActions.update(stored, 'Rettet tekst', 1);
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      url: `/api/reports/${ID}?schoolId=${SCHOOL}`,
      body: { content: 'Rettet tekst', baseVersion: 1 },
    });
    const entry = useReportsStore.getState().byId[ID];
    expect(entry?.status === 'ready' && entry.item).toMatchObject({ content: 'Rettet tekst', version: 2 });
  });

  it('a correction written from an older version is refused with the text as it is now, and the store keeps the saved one', async () => {
    await useReportsStore.getState().ensure(ID, SCHOOL);
    const opened = stored;
    stored = { ...stored, content: 'Rettet av en annen', version: 2, updatedAt: '2026-11-20T20:30:00.000Z' };

    const error = await reportActions.update(opened, 'Min retting', opened.version).then(
      () => null,
      (refused: unknown) => refused,
    );

    expect(sent.at(-1)?.body).toEqual({ content: 'Min retting', baseVersion: 1 });
    expect(conflictCurrent(error, reportSchema)).toMatchObject({ content: 'Rettet av en annen', version: 2 });
    expect(stored.content).toBe('Rettet av en annen');
    const entry = useReportsStore.getState().byId[ID];
    expect(entry?.status === 'ready' && entry.item.content).toBe('Rolig kveld.');
  });

  it('a deleted report is gone from /rapporter and its page says it is not found', async () => {
    await useReportsStore.getState().ensure(ID, '');
    await useRecentReportsStore.getState().ensure('');
    await reportActions.remove(stored);
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/reports/${ID}?schoolId=${SCHOOL}` });
    expect(useReportsStore.getState().byId[ID]).toEqual({ status: 'missing' });
    expect(useRecentReportsStore.getState().byId).toEqual({});
  });
});
