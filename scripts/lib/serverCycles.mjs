// Fails when server modules import each other in a circle, directly or through others (issue 30):
// the server's layers import downwards only (features → core → plugins, realtime → cache, db), which
// eslint's no-restricted-imports keeps per folder; this finds a circle within a layer too.
// Issue 42: the same between feature folders (a feature may use another, never the other way round
// as well, nor around a ring: features/x imports features/y as a folder does, whatever its file), and
// what lies below the features (core, plugins, realtime, cache, db, metrics) imports none of them
// (docs/architecture.md). Type-only imports count: they tie the modules' meanings together as much as any other.
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

// The feature folders' graph: one arrow for every import from one folder's files into another's.
const FEATURES = path.join(ROOT, 'features');
const BELOW_FEATURES = ['core', 'plugins', 'realtime', 'cache', 'db', 'metrics'];
const featureOf = (file) => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};
const uses = new Map();
for (const [file, targets] of graph) {
  const from = featureOf(file);
  const layer = name(file).split(path.sep)[0];
  for (const target of targets) {
    const to = featureOf(target);
    if (!to || to === from) continue;
    if (from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
    else if (BELOW_FEATURES.includes(layer))
      problems.push(`${name(file)} ligger under funksjonene, men bruker funksjonen ${to} (${name(target)})`);
  }
}
const featureState = new Map();
function visitFeature(feature, trail) {
  if (featureState.get(feature) === 'done') return;
  if (featureState.get(feature) === 'open')
    return void problems.push(`Importsirkel mellom funksjonsmapper: ${[...trail.slice(trail.indexOf(feature)), feature].join(' → ')}`);
  featureState.set(feature, 'open');
  for (const next of [...(uses.get(feature) ?? [])].sort()) visitFeature(next, [...trail, feature]);
  featureState.set(feature, 'done');
}
for (const feature of [...uses.keys()].sort()) visitFeature(feature, []);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `Ingen importsirkler i serveren (${graph.size} moduler, ${uses.size} funksjonsmapper); ingenting under funksjonene bruker en funksjon.`,
);
