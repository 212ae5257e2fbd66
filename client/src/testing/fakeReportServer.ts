import {
  compareDays,
  REPORT_TEXTS,
  type Away,
  type MyReport,
  type Report,
  type SaveMyReportBody,
} from '#protocol';
import { deferred, json, networkDown, refusal, stubFetch, type Reply, type SentRequest } from './fakeFetch';

export const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const SCHOOL = 'dddddddddddddddddddddddd';

interface Stored {
  content: string;
  completedTasks: string[];
  awayStudents: string[];
  updatedAt: string;
}

/** The report's id, as the server derives it from the day (only hex digits, 24 of them). */
export const reportIdOf = (date: string) => `${date.replace(/-/g, '')}${'0'.repeat(24)}`.slice(0, 24);

/**
 * Kari's reports as the API keeps them, behind a stubbed fetch: GET and PUT /api/reports/my with
 * the server's rules (only the open report day is written; a day that is over is 409 'låst'; a
 * later day is 400; 08:30–09:00 is 409), and GET /api/away for the board's away list. Other
 * paths go to `otherRoutes`, else 404.
 */
export function fakeReportServer(today: string, otherRoutes: (request: SentRequest, url: URL) => Reply | null = () => null) {
  const reports = new Map<string, Stored>();
  let clock = 0;
  let held: Array<() => void> | null = null;

  const server = {
    /** The report day the server has open. */
    today,
    resetWindow: false,
    /** No network: every request fails before it reaches the server. */
    down: false,
    away: null as Away | null,
    /** Answers the next PUT instead of the rules above (once). */
    nextSave: null as ((body: SaveMyReportBody) => Reply) | null,
    sent: [] as SentRequest[],

    /** What is stored, as if saved earlier (from another device). */
    store(date: string, content: string, completedTasks: string[] = []): Report {
      reports.set(date, { content, completedTasks, awayStudents: [], updatedAt: nextUpdatedAt() });
      return server.reportOf(date);
    },

    stored(date: string): Stored | undefined {
      return reports.get(date);
    },

    /** The report as PUT answers it and reports.saved carries it. */
    reportOf(date: string): Report {
      const stored = reports.get(date);
      if (!stored) throw new Error(`No report of ${date}`);
      return {
        id: reportIdOf(date),
        date,
        authorName: 'Kari Nordmann',
        authorUserId: KARI,
        schoolId: SCHOOL,
        ...stored,
        locked: compareDays(date, server.today) < 0,
      };
    },

    /** Answers to GET /api/reports/my are worked out at once but delivered only at release(). */
    holdReads(): { release(): void } {
      held = [];
      const waiting = held;
      return {
        release() {
          held = null;
          for (const go of waiting) go();
        },
      };
    },

    requests(method: string, path: string): SentRequest[] {
      return server.sent.filter((r) => r.method === method && r.url === path);
    },
  };

  function nextUpdatedAt(): string {
    clock += 1;
    return new Date(Date.UTC(2026, 0, 1, 0, 0, clock)).toISOString();
  }

  function myReportOf(date: string): MyReport {
    const stored = reports.get(date);
    return {
      id: stored ? reportIdOf(date) : null,
      date,
      content: stored?.content ?? '',
      completedTasks: stored?.completedTasks ?? [],
      awayStudents: stored?.awayStudents ?? [],
      locked: compareDays(date, server.today) < 0,
      resetWindow: server.resetWindow,
      reportDay: server.today,
      updatedAt: stored?.updatedAt ?? null,
    };
  }

  function save(body: SaveMyReportBody): Reply {
    if (server.nextSave) {
      const answer = server.nextSave(body);
      server.nextSave = null;
      return answer;
    }
    if (compareDays(body.date, server.today) < 0) return refusal(409, REPORT_TEXTS.locked, 'reportLocked');
    if (body.date !== server.today) return refusal(400, REPORT_TEXTS.wrongDay, 'reportWrongDay');
    if (server.resetWindow) return refusal(409, REPORT_TEXTS.resetWindow, 'reportResetWindow');
    reports.set(body.date, {
      content: body.content,
      completedTasks: [...body.completedTasks].sort(),
      awayStudents: body.awayStudents,
      updatedAt: nextUpdatedAt(),
    });
    return json(server.reportOf(body.date));
  }

  server.sent = stubFetch((request) => {
    if (server.down) return networkDown();
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname === '/api/reports/my' && request.method === 'GET') {
      const answer = json(myReportOf(url.searchParams.get('date') ?? server.today));
      if (!held) return answer;
      const later = deferred<Response>();
      held.push(() => later.resolve(answer));
      return later.promise;
    }
    if (url.pathname === '/api/reports/my' && request.method === 'PUT') return save(request.body as SaveMyReportBody);
    if (url.pathname === '/api/away' && request.method === 'GET' && server.away) return json(server.away);
    return otherRoutes(request, url) ?? refusal(404, 'Ikke funnet');
  });

  return server;
}
