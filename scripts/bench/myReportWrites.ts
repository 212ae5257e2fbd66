import { XHR, measure, type Result } from './measure';

/** The round the tick load ticks and unticks. */
const ROUND = '3';

type Writer = { cookie: string; version: number; ticked: boolean };

/**
 * The supervisors' writes as the app sends them: the text on the version its writer last had back
 * (PUT /api/reports/my), and a round ticked or unticked (PUT /api/reports/my/tasks/:taskId).
 *
 * A person saves one report at a time, so every write in flight is a supervisor of its own while
 * there are enough of them (8 seeded, the default concurrency 8): then no text save meets another
 * on its report and none is refused. With more at once (`--concurrency 16`) writers must share
 * supervisors: two texts of one report on the same version meet, and the later one gets 409
 * editConflict, as a second device of the same person would. That one takes the report's version
 * from the answer (`current.version`) for its next save, is counted as a failure in the table, and
 * the conflicts are printed on their own, so they are not mistaken for errors.
 */
export async function measureMyReportWrites(
  base: string,
  cookies: string[],
  requests: number,
  concurrency: number,
  today: string,
): Promise<{ results: Result[]; conflicts: number; shared: boolean }> {
  // Each writer starts from the version the app would read first.
  const writers: Writer[] = await Promise.all(
    cookies.map(async (cookie) => {
      const res = await fetch(`${base}/api/reports/my?date=${today}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET /api/reports/my: ${res.status}`);
      const mine = (await res.json()) as { version: number; completedTasks: string[] };
      return { cookie, version: mine.version, ticked: mine.completedTasks.includes(ROUND) };
    }),
  );
  const idle = [...writers];
  let shared = false;
  /** Runs one write as a supervisor nobody else is writing as, or, when all are busy, one of them too. */
  const asWriter = async (i: number, write: (writer: Writer) => Promise<Response>): Promise<Response> => {
    const own = idle.shift();
    if (!own) shared = true;
    const writer = own ?? writers[i % writers.length]!;
    try {
      return await write(writer);
    } finally {
      if (own) idle.push(own);
    }
  };
  /** The answer read here (its version is needed), handed on whole for the timing's own read. */
  const answered = async (res: Response): Promise<{ res: Response; body: unknown }> => {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: nothing to learn from it
    }
    const withoutBody = [204, 205, 304].includes(res.status);
    return { res: new Response(withoutBody ? null : text, { status: res.status, statusText: res.statusText }), body };
  };

  let conflicts = 0;
  const results: Result[] = [];
  results.push(
    await measure('PUT /api/reports/my', requests, concurrency, (i) =>
      asWriter(i, async (writer) => {
        const { res, body } = await answered(
          await fetch(`${base}/api/reports/my`, {
            method: 'PUT',
            headers: { ...XHR, cookie: writer.cookie },
            body: JSON.stringify({ date: today, content: `Runde ${i}`, baseVersion: writer.version }),
          }),
        );
        const answer = body as { version?: number; code?: string; current?: { version?: number } | null } | null;
        if (res.ok && typeof answer?.version === 'number') writer.version = Math.max(writer.version, answer.version);
        if (res.status === 409 && answer?.code === 'editConflict') {
          conflicts++;
          writer.version = Math.max(writer.version, answer.current?.version ?? 0);
        }
        return res;
      }),
    ),
  );
  // Ticks merge on the server: a round ticked from two places at once is no conflict.
  results.push(
    await measure(`PUT /api/reports/my/tasks/${ROUND}`, requests, concurrency, (i) =>
      asWriter(i, async (writer) => {
        const { res, body } = await answered(
          await fetch(`${base}/api/reports/my/tasks/${ROUND}`, {
            method: 'PUT',
            headers: { ...XHR, cookie: writer.cookie },
            body: JSON.stringify({ date: today, done: !writer.ticked }),
          }),
        );
        const answer = body as { completedTasks?: string[] } | null;
        if (res.ok && answer?.completedTasks) writer.ticked = answer.completedTasks.includes(ROUND);
        return res;
      }),
    ),
  );
  return { results, conflicts, shared };
}
