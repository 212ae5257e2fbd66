import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCallers, type Callers } from '../test/callers';
import { seedFixture } from '../test/fixtures';
import { writeMyReport } from '../test/reportWrites';
import { startTestServer, type TestServer } from '../test/testServer';
import { reportDay } from '#protocol/time';
import { loggedUrl } from './logSerializers';

/** No student's name in any line the server logs, at its most talkative (issue 28). */
const NAME = 'Gunnhild Ødegård-Testelev';
const lines: string[] = [];
let server: TestServer;
let c: Callers;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
  c = await signInCallers(server.baseUrl, await seedFixture());
});
afterAll(async () => server?.close());

describe('the server log', () => {
  it('names no student, whatever is done with the name: paths, bodies, refusals', async () => {
    const inPath = encodeURIComponent(NAME);
    const today = reportDay(new Date());
    const calls = [
      c.adminA.post('/api/away/add', { fromDate: today, toDate: today, studentName: NAME }),
      c.adminA.post('/api/sick/add', { date: today, name: NAME, comment: 'Feber' }),
      c.adminA.get(`/api/admin/students/${inPath}`),
      c.adminA.delete(`/api/away/student/${inPath}`),
      c.adminA.delete(`/api/admin/students/${inPath}`),
      // Refused ones: another school, a name too long, no session.
      c.adminB.delete(`/api/away/student/${inPath}?schoolId=${'f'.repeat(24)}`),
      c.adminA.get(`/api/admin/students/${encodeURIComponent(NAME.repeat(10))}`),
      c.anonymous.get(`/api/admin/students/${inPath}`),
    ];
    const statuses = [];
    for (const call of calls) statuses.push((await call).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect((await writeMyReport(c.supervisorA, today, `${NAME} sov dårlig`)).status).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain('/api/admin/students/{elevnavn}');
    expect(log).toContain('/api/away/student/{elevnavn}');
    for (const form of [NAME, inPath, NAME.normalize('NFD'), 'Gunnhild', encodeURIComponent('Ødegård')]) expect(log).not.toContain(form);
  });

  it('replaces only the name in a path', () => {
    expect(loggedUrl('/api/admin/students/Per%20Hansen?schoolId=abc')).toBe('/api/admin/students/{elevnavn}?schoolId=abc');
    expect(loggedUrl('/api/away/student/Per')).toBe('/api/away/student/{elevnavn}');
    expect(loggedUrl('/api/away/classes?activeOn=2026-11-25')).toBe('/api/away/classes?activeOn=2026-11-25');
  });
});
