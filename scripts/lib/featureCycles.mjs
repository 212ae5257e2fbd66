// Fails when two client feature folders import each other, directly or through others (issue 26):
// a feature may use another, never the other way round as well. Role folders (admin, caretaker,
// supervisor) compose features and are imported by none; what lies below the features (ui,
// stores, api, and realtime, with which features register their event listeners) imports none of them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const FEATURES = path.resolve('client/src/features');
const BELOW_FEATURES = ['ui', 'stores', 'api', 'realtime'].map((folder) => path.resolve('client/src', folder));
const ROLE_FOLDERS = new Set(['admin', 'caretaker', 'supervisor']);

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.(ts|tsx)$/.test(name) && !/\.test\./.test(name) ? [full] : [];
  });
}
const featureOf = (file) => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};

const importsOf = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map(([, spec]) =>
    path.resolve(path.dirname(file), spec),
  );

const uses = new Map();
for (const file of filesUnder(FEATURES)) {
  const from = featureOf(file);
  for (const target of importsOf(file)) {
    const to = featureOf(target);
    if (to && to !== from) uses.set(from, (uses.get(from) ?? new Set()).add(to));
  }
}

const problems = [];
for (const file of BELOW_FEATURES.flatMap(filesUnder)) {
  for (const target of importsOf(file)) {
    if (featureOf(target)) problems.push(`${path.relative('client/src', file)} bruker funksjonen ${featureOf(target)}`);
  }
}
for (const [from, targets] of uses) for (const to of targets) if (ROLE_FOLDERS.has(to)) problems.push(`${from} bruker rollemappen ${to}`);
// Depth-first search for a cycle among the features.
const state = new Map();
function visit(feature, trail) {
  if (state.get(feature) === 'done') return;
  if (state.get(feature) === 'open')
    return void problems.push(`Importsirkel: ${[...trail.slice(trail.indexOf(feature)), feature].join(' → ')}`);
  state.set(feature, 'open');
  for (const next of uses.get(feature) ?? []) visit(next, [...trail, feature]);
  state.set(feature, 'done');
}
for (const feature of uses.keys()) visit(feature, []);

for (const problem of problems) console.error(problem);
if (problems.length === 0) console.log(`Funksjonsmapper: ${uses.size} mapper, ingen importsirkel, ingen bruker en rollemappe`);
process.exit(problems.length ? 1 : 0);
