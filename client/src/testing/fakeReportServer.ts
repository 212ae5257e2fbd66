import {
  compareDays,
  REPORT_TEXTS,
  saveMyReportBodySchema,
  taskIdSchema,
  tickTaskBodySchema,
  type Away,
  type MyReport,
  type Report,
  type SaveMyReportBody,
  type TickTaskBody,
} from '#protocol';
import { deferred, json, networkDown, refusal, stubFetch, type Reply, type SentRequest } from './fakeFetch';

export const KARI = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const SCHOOL = 'dddddddddddddddddddddddd';

interface Stored {
  content: string;
  completedTasks: string[];
  awayStudents: string[];
  updatedAt: string;
  /** How many times the text was saved (ticks leave it as it is). */
  version: number;
}

/** The report's id, as the server derives it from the day (only hex digits, 24 of them). */
export const reportIdOf = (date: string) => `${date.replace(/-/g, '')}${'0'.repeat(24)}`.slice(0, 24);

const TICK_PATH = /^\/api\/reports\/my\/tasks\/([^/]+)$/;

/** A write the client sent (PUT), in the order sent: the text or one tick. */
export interface Write {
  url: string;
  body: unknown;
}

/**
 * Kari's reports as the API keeps them, behind a stubbed fetch, with the server's rules:
 * - GET /api/reports/my (the open report day, or ?date=);
 * - PUT /api/reports/my `{ date, content, baseVersion }`: taken only on the stored version
 *   (0 while there is none), which it raises by one; otherwise 409 editConflict with the report
 *   as it is now, unless the stored text already is the sent one (then 200 with the stored report);
 * - PUT /api/reports/my/tasks/{taskId} `{ date, done }`: the tick merged into the stored ticks,
 *   the version left as it is;
 * both writes only for the open report day: a day that is over is 409 'låst', a later day 400,
 * 08:30–09:00 409; the away list of a written report is the server's (`away`).
 * GET /api/away answers `away`. Other paths go to `otherRoutes`, else 404.
 */
export function fakeReportServer(today: string, otherRoutes: (request: SentRequest, url: URL) => Reply | null = () => null) {
  const reports = new Map<string, Stored>();
  let clock = 0;
  let held: Array<() => void> | null = null;
  let heldWrites: Array<() => void> | null = null;

  const server = {
    /** The report day the server has open. */
    today,
    resetWindow: false,
    /** No network: every request fails before it reaches the server. */
    down: false,
    away: null as Away | null,
    /** Answers the next PUT of the text instead of the rules above (once). */
    nextSave: null as ((body: SaveMyReportBody) => Reply) | null,
    /** Answers the next tick instead of the rules above (once). */
    nextTick: null as ((taskId: string, body: TickTaskBody) => Reply) | null,
    sent: [] as SentRequest[],

    /** A text saved from another device (or earlier): a new version, ticks as given. */
    store(date: string, content: string, completedTasks: string[] = []): Report {
      const version = (reports.get(date)?.version ?? 0) + 1;
      reports.set(date, {
        content,
        completedTasks: [...completedTasks].sort(),
        awayStudents: awayList(),
        updatedAt: nextUpdatedAt(),
        version,
      });
      return server.reportOf(date);
    },

    /** A tick from another device: merged into the stored ticks, the text and its version unchanged. */
    tickElsewhere(date: string, taskId: string, done: boolean): Report {
      mergeTick(date, taskId, done);
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

    /**
     * Writes (PUT of the text or a tick) are done at once, as they arrive, but their answers are
     * delivered only when released: the oldest with releaseOne(), all (and no more holding) with release().
     */
    holdWrites(): { waiting(): number; releaseOne(): void; release(): void } {
      heldWrites = [];
      const waiting = heldWrites;
      return {
        waiting: () => waiting.length,
        releaseOne() {
          const go = waiting.shift();
          if (!go) throw new Error('No answer is held');
          go();
        },
        release() {
          heldWrites = null;
          for (const go of waiting.splice(0)) go();
        },
      };
    },

    requests(method: string, path: string): SentRequest[] {
      return server.sent.filter((r) => r.method === method && r.url === path);
    },

    /** Every PUT the client sent (texts and ticks), in order. */
    writes(): Write[] {
      return server.sent.filter((r) => r.method === 'PUT').map(({ url, body }) => ({ url, body }));
    },
  };

  function nextUpdatedAt(): string {
    clock += 1;
    return new Date(Date.UTC(2026, 0, 1, 0, 0, clock)).toISOString();
  }

  /** Who is away as a report lists it: the students by name, then the classes (server: awayOnDay). */
  function awayList(): string[] {
    return server.away ? [...server.away.names, ...server.away.classes.map((c) => c.className)] : [];
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
      version: stored?.version ?? 0,
    };
  }

  /** The report day a supervisor may write right now, or the refusal. */
  function dayRefusal(date: string): Response | null {
    if (compareDays(date, server.today) < 0) return refusal(409, REPORT_TEXTS.locked, 'reportLocked');
    if (date !== server.today) return refusal(400, REPORT_TEXTS.wrongDay, 'reportWrongDay');
    if (server.resetWindow) return refusal(409, REPORT_TEXTS.resetWindow, 'reportResetWindow');
    return null;
  }

  function mergeTick(date: string, taskId: string, done: boolean): void {
    const stored = reports.get(date) ?? { content: '', completedTasks: [], awayStudents: [], updatedAt: '', version: 0 };
    const others = stored.completedTasks.filter((id) => id !== taskId);
    const completedTasks = done ? [...others, taskId].sort() : others;
    reports.set(date, { ...stored, completedTasks, awayStudents: awayList(), updatedAt: nextUpdatedAt() });
  }

  function save(sent: unknown): Reply {
    const parsed = saveMyReportBodySchema.safeParse(sent);
    if (!parsed.success) return refusal(400, parsed.error.issues[0]?.message ?? 'Ugyldig');
    const body = parsed.data;
    if (server.nextSave) {
      const answer = server.nextSave(body);
      server.nextSave = null;
      return answer;
    }
    const refused = dayRefusal(body.date);
    if (refused) return refused;
    const stored = reports.get(body.date);
    // Never saved: the first save creates it, on whatever version it names (the server's upsert).
    if (stored && body.baseVersion !== undefined && stored.version !== body.baseVersion) {
      if (stored.content === body.content) return json(server.reportOf(body.date));
      return refusal(409, REPORT_TEXTS.conflict, 'editConflict', server.reportOf(body.date));
    }
    reports.set(body.date, {
      content: body.content,
      completedTasks: stored?.completedTasks ?? [],
      awayStudents: awayList(),
      updatedAt: nextUpdatedAt(),
      version: (stored?.version ?? 0) + 1,
    });
    return json(server.reportOf(body.date));
  }

  function tick(rawTaskId: string, sent: unknown): Reply {
    const taskId = taskIdSchema.safeParse(decodeURIComponent(rawTaskId));
    const parsed = tickTaskBodySchema.safeParse(sent);
    if (!taskId.success || !parsed.success) return refusal(400, 'Ugyldig');
    const body = parsed.data;
    if (server.nextTick) {
      const answer = server.nextTick(taskId.data, body);
      server.nextTick = null;
      return answer;
    }
    const refused = dayRefusal(body.date);
    if (refused) return refused;
    const stored = reports.get(body.date);
    // Already so: nothing is written.
    if (stored && stored.completedTasks.includes(taskId.data) === body.done) return json(server.reportOf(body.date));
    mergeTick(body.date, taskId.data, body.done);
    return json(server.reportOf(body.date));
  }

  /** The answer to a write, delivered at once or when the test releases it. */
  function answered(answer: Reply): Reply {
    if (!heldWrites) return answer;
    const later = deferred<Response>();
    heldWrites.push(() => void Promise.resolve(answer).then(later.resolve, later.reject));
    return later.promise;
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
    if (url.pathname === '/api/reports/my' && request.method === 'PUT') return answered(save(request.body));
    const tickPath = TICK_PATH.exec(url.pathname);
    if (tickPath && request.method === 'PUT') return answered(tick(tickPath[1]!, request.body));
    if (url.pathname === '/api/away' && request.method === 'GET' && server.away) return json(server.away);
    return otherRoutes(request, url) ?? refusal(404, 'Ikke funnet');
  });

  return server;
}
