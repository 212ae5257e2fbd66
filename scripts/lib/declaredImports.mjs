// Fails when the code imports a package that package.json does not declare (issue 42): it would
// work only while another package happens to bring it along.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOTS = ['client/src', 'server/src', 'server/test', 'protocol/src', 'scripts', 'e2e'];
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
const builtins = new Set(builtinModules);

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'ferretdb') return [];
    return statSync(full).isDirectory() ? filesUnder(full) : /\.(ts|tsx|mjs|js)$/.test(name) ? [full] : [];
  });
}

/** The package a bare specifier names: 'a/b' → 'a', '@s/a/b' → '@s/a'. */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const problems = [];
for (const file of ROOTS.flatMap(filesUnder)) {
  const text = readFileSync(file, 'utf8');
  // Import and export statements (over several lines too), bare imports, and import().
  for (const match of text.matchAll(
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm,
  )) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec || spec.startsWith('.') || spec.startsWith('#') || spec.startsWith('node:') || spec.startsWith('virtual:')) continue;
    const name = packageOf(spec);
    if (!declared.has(name) && !builtins.has(name)) problems.push(`${file}: ${spec}`);
  }
}
if (problems.length > 0) {
  console.error(`Pakker som brukes uten å stå i package.json:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
