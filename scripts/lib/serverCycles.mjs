// Fails when server modules import each other in a circle, directly or through others (issue 30):
// the server's layers import downwards only (features → plugins, realtime → cache, db), which
// eslint's no-restricted-imports keeps per folder; this finds a circle within a layer too.
// Type-only imports count: they tie the modules' meanings together as much as any other.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve('server/src');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}
const resolveImport = (from, spec) => {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
};
// `declare module '…'` names a module to add to, not one this file depends on.
const importsOf = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from\s+'(\.[^']+)'/gm)]
    .map(([, spec]) => resolveImport(file, spec))
    .filter(Boolean);

const graph = new Map(filesUnder(ROOT).map((file) => [file, importsOf(file)]));
const problems = [];
const state = new Map();
const name = (file) => path.relative(ROOT, file);
function visit(file, trail) {
  if (state.get(file) === 'done') return;
  if (state.get(file) === 'open')
    return void problems.push(`Importsirkel: ${[...trail.slice(trail.indexOf(file)), file].map(name).join(' → ')}`);
  state.set(file, 'open');
  for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
  state.set(file, 'done');
}
for (const file of graph.keys()) visit(file, []);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`Ingen importsirkler i serveren (${graph.size} moduler).`);
