import { describe, expect, it } from 'vitest';
import { NO_CONTROL_CHARACTERS } from '#protocol/common';
import { reportDay } from '#protocol/time';
import type { SeededServer } from '../test/seededServer';
import { writeMyReport } from '../test/reportWrites';
import { TestClock } from '../test/testClock';
import { useSeededServer } from '../test/useTestServer';

/** Text fields refuse NUL and control characters other than line breaks and tabs (issue 28), with a Norwegian message, storing nothing. */
let seeded: SeededServer;
// An evening: on the wall clock, between 08:30 and 09:00 the report would be refused for the reset.
const clock = new TestClock();
clock.setOslo('2026-11-24', 21, 0);
useSeededServer((started) => (seeded = started), {}, { clock });

const NUL = '\u0000';
const ESC = '\u001b';
const BELL = '\u0007';

describe('text with control characters', () => {
  it('is refused in names, cases, comments, class names and the report, with the reason in Norwegian', async () => {
    const { c } = seeded;
    const today = reportDay(clock.now());
    const refused = [
      () => c.adminA.post('/api/sick/add', { date: today, name: `Ola${NUL}`, comment: '' }),
      () => c.adminA.post('/api/sick/add', { date: today, name: 'Ola', comment: `Feber${ESC}[31m` }),
      () => c.adminA.post('/api/away/add', { fromDate: today, toDate: today, studentName: `Per${BELL}` }),
      () => c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: `12${NUL}`, description: 'Kran' }),
      () => c.supervisorA.post('/api/maintenance-tasks/submit', { roomNumber: '12', description: `Kran${ESC}` }),
      () => c.adminA.post('/api/admin/classes', { className: `8A${NUL}` }),
      () => c.supervisorA.put('/api/reports/my', { date: today, content: `Rolig${NUL}`, baseVersion: 0 }),
    ];
    for (const call of refused) {
      const res = await call();
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toContain(NO_CONTROL_CHARACTERS);
    }
    expect((await c.adminA.get<{ names: string[] }>(`/api/sick?date=${today}`)).body.names).toEqual([]);
    // Line breaks and tabs are text.
    const report = await writeMyReport(c.supervisorA, today, 'Runde 1:\n\tAlt rolig.\r\nRunde 2: ok');
    expect(report.status).toBe(200);
    expect(report.body.content).toBe('Runde 1:\n\tAlt rolig.\r\nRunde 2: ok');
  });
});
