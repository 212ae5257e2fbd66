// Prints one closing line with the counts from vitest's JSON report, e.g. "Tests: 120 passed, 0 failed".
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (report.numTotalTests === 0) {
  console.error('Ingen tester ble kjørt.');
  process.exit(1);
}
if (!report.success && report.numFailedTests === 0) {
  console.error('Kjøringen feilet likevel: se «Unhandled Errors» over.');
}
process.exit(report.numFailedTests > 0 || !report.success ? 1 : 0);
