import { describe, expect, it } from 'vitest';
import type { Callers } from '../test/callers';
import { writeMyReport } from '../test/reportWrites';
import { TestClock } from '../test/testClock';
import type { TestServer } from '../test/testServer';
import { useSeededServer } from '../test/useTestServer';
import { useLogFile } from '../test/useTestServices';
import { reportDay } from '#protocol/time';
import { loggedUrl } from './logSerializers';

/** No student's name and no free text in any line the server logs, at its most talkative (issue 28). */
const NAME = 'Gunnhild Ødegård-Testelev';
/** Free text as staff type it: a case, a comment, a class, a registration, a task label. */
const FREE_TEXT = 'Vinduet-knust-ved-trappen';
const logFile = useLogFile();
let server: TestServer;
let c: Callers;

// An evening: on the wall clock, between 08:30 and 09:00 the report would be refused for the reset.
const clock = new TestClock();
clock.setOslo('2026-11-24', 21, 0);
useSeededServer((started) => ({ server, c } = started), { LOG_LEVEL: 'trace', LOG_FILE: logFile.path }, { clock });

describe('the server log', () => {
  it('names no student, whatever is done with the name: paths, bodies, refusals', async () => {
    const inPath = encodeURIComponent(NAME);
    const today = reportDay(clock.now());
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

    // Free text in bodies, taken and refused (too long, a control character, a wrong type).
    const texts = [
      c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '12', description: `${FREE_TEXT} ${NAME}` }),
      c.adminA.post('/api/sick/add', { date: today, name: 'Per', comment: `${FREE_TEXT} hos ${NAME}` }),
      c.adminA.post('/api/admin/classes', { className: FREE_TEXT.slice(0, 20) }),
      c.anonymous.post('/api/auth/register', { schoolId: '', name: NAME, email: 'gunnhild@x.no', password: FREE_TEXT }),
      c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '12', description: `${FREE_TEXT}${'x'.repeat(3000)}` }),
      c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '12', description: `${FREE_TEXT}\u0000` }),
      c.adminA.post('/api/sick/add', { date: today, name: [NAME], comment: FREE_TEXT }),
      // The register (issue 46): a student added, moved, refused.
      c.adminA.post('/api/admin/register/students', { firstName: 'Gunnhild', lastName: 'Ødegård-Testelev', contactNote: FREE_TEXT }),
      c.adminA.post('/api/admin/register/students', { firstName: NAME, lastName: `${FREE_TEXT}\u0000` }),
    ];
    const textStatuses = [];
    for (const call of texts) textStatuses.push((await call).status);
    expect(textStatuses).toEqual([201, 200, 201, 400, 400, 400, 400, 201, 400]);
    const registered = (await c.adminA.get<{ id: string; firstName: string }[]>('/api/admin/register')).body.find(
      (s) => s.firstName === 'Gunnhild',
    );
    expect((await c.adminA.put(`/api/admin/register/students/${registered?.id}`, { room: FREE_TEXT.slice(0, 20) })).status).toBe(200);
    expect((await c.supervisorA.get('/api/register/entries')).status).toBe(200);

    const lines = await logFile.allLines(server.app.log);
    const log = lines.join('\n');
    expect(log).toContain('/api/admin/students/{elevnavn}');
    expect(log).toContain('/api/away/student/{elevnavn}');
    for (const form of [NAME, inPath, NAME.normalize('NFD'), 'Gunnhild', encodeURIComponent('Ødegård'), FREE_TEXT.slice(0, 12)])
      expect(log).not.toContain(form);
    // It did log: a line for each request, at trace level.
    expect(lines.length).toBeGreaterThan(2 * (calls.length + texts.length));
  });

  it('replaces only the name in a path', () => {
    expect(loggedUrl('/api/admin/students/Per%20Hansen?schoolId=abc')).toBe('/api/admin/students/{elevnavn}?schoolId=abc');
    expect(loggedUrl('/api/away/student/Per')).toBe('/api/away/student/{elevnavn}');
    expect(loggedUrl('/api/away/classes?activeOn=2026-11-25')).toBe('/api/away/classes?activeOn=2026-11-25');
  });
});
