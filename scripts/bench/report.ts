import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const OUT = path.resolve('bench-results/bench.json');

/** Prints the run's ratios as JSON and keeps them in bench-results/bench.json (not committed). */
export function writeReport(report: Record<string, unknown>): void {
  const { raw: _raw, ...ratios } = report;
  console.log(`\nRatios (JSON, also in ${path.relative(process.cwd(), OUT)}):`);
  console.log(JSON.stringify(ratios, null, 2));
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2)}\n`);
}
