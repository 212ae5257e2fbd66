import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../projectRoot';

const ROOT = projectRoot();
const SOURCE_DIR = path.join(ROOT, 'scripts/ferretdb');
const TOOLS_BIN = path.join(ROOT, '.tools/bin');
export const FERRET_BINARY = path.join(TOOLS_BIN, 'ferretdb');
const STAMP = path.join(ROOT, '.tools/ferretdb.stamp');

export class EmbeddedDatabaseUnavailable extends Error {}

function sourceHash(): string {
  const hash = createHash('sha256');
  const goFiles = readdirSync(SOURCE_DIR).filter((file) => file.endsWith('.go')).sort();
  for (const file of ['go.mod', 'go.sum', ...goFiles]) hash.update(`${file}\n`).update(readFileSync(path.join(SOURCE_DIR, file)));
  return hash.digest('hex');
}

/**
 * Builds the embedded FerretDB launcher with `go install` the first time (about two minutes,
 * most of it downloading modules), and again only when its pinned sources change.
 */
export function ensureFerretBinary(log: (line: string) => void = console.log): string {
  const wanted = sourceHash();
  if (existsSync(FERRET_BINARY) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) {
    return FERRET_BINARY;
  }
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) {
    throw new EmbeddedDatabaseUnavailable(
      'Fant ingen database: MONGODB_URI er ikke satt, og Go mangler for å bygge den innebygde ' +
        'databasen (FerretDB). Installer Go 1.22 eller nyere (https://go.dev/dl/), ' +
        'eller sett MONGODB_URI til en MongoDB-server.',
    );
  }
  log('Bygger den innebygde databasen (FerretDB 1.24 med SQLite) med go install – første gang tar det et par minutter …');
  mkdirSync(TOOLS_BIN, { recursive: true });
  const build = spawnSync('go', ['install', '.'], {
    cwd: SOURCE_DIR,
    env: { ...process.env, GOBIN: TOOLS_BIN, GOFLAGS: '-mod=readonly', CGO_ENABLED: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    throw new EmbeddedDatabaseUnavailable('Kunne ikke bygge FerretDB med go install (se meldingene over).');
  }
  writeFileSync(STAMP, wanted);
  return FERRET_BINARY;
}
