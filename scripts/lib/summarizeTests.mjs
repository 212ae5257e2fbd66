// Prints, from vitest's JSON reports (one per run), each group's files, tests and time, and one
// closing line with the counts, e.g. "Tests: 120 passed, 0 failed".
import { readFileSync } from 'node:fs';
import path from 'node:path';

const reports = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')));
const sum = (key) => reports.reduce((total, report) => total + report[key], 0);
const passed = sum('numPassedTests');
const failed = sum('numFailedTests');
const skipped = sum('numPendingTests') + sum('numTodoTests');

// Per group (the folder a file is in): its files' own time, summed (files run side by side).
const groups = new Map();
for (const file of reports.flatMap((report) => report.testResults)) {
  const group = path.relative(process.cwd(), file.name).split(path.sep)[0];
  const entry = groups.get(group) ?? { files: 0, tests: 0, ms: 0 };
  groups.set(group, {
    files: entry.files + 1,
    tests: entry.tests + file.assertionResults.length,
    ms: entry.ms + (file.endTime - file.startTime),
  });
}
for (const [group, { files, tests, ms }] of groups)
  console.log(
    `  ${group.padEnd(9)} ${String(files).padStart(3)} filer, ${String(tests).padStart(4)} tester, ${Math.round(ms / 1000)} s testtid`,
  );
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (sum('numTotalTests') === 0) {
  console.error('Ingen tester ble kjørt.');
  process.exit(1);
}
const success = reports.every((report) => report.success);
if (!success && failed === 0) console.error('Kjøringen feilet likevel: se «Unhandled Errors» over.');
process.exit(failed > 0 || !success ? 1 : 0);
