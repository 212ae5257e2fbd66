import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Prints the run's ratios as JSON and keeps them in bench-results/<name>.json (not committed). */
export function writeReport(report: Record<string, unknown>, name = 'bench'): void {
  const out = path.resolve(`bench-results/${name}.json`);
  const { raw: _raw, ...ratios } = report;
  console.log(`\nRatios (JSON, also in ${path.relative(process.cwd(), out)}):`);
  console.log(JSON.stringify(ratios, null, 2));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2)}\n`);
}
