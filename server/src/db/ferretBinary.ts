import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../projectRoot';

const ROOT = projectRoot();
const SOURCE_DIR = path.join(ROOT, 'scripts/ferretdb');
const TOOLS_BIN = path.join(ROOT, '.tools/bin');
export const FERRET_BINARY = path.join(TOOLS_BIN, 'ferretdb');
const STAMP = path.join(ROOT, '.tools/ferretdb.stamp');
/** FerretDB's module as the Go module proxy serves it; scripts/ferretdb/go.mod replaces it with the patched copy. */
const FERRET_MODULE = 'github.com/FerretDB/FerretDB@v1.24.0';
const PATCHES_DIR = path.join(SOURCE_DIR, 'patches');
export const PATCHED_MODULE_DIR = path.join(ROOT, '.tools/ferretdb-module');

export class EmbeddedDatabaseUnavailable extends Error {}

function sourceHash(): string {
  const hash = createHash('sha256');
  const goFiles = readdirSync(SOURCE_DIR)
    .filter((file) => file.endsWith('.go'))
    .sort();
  for (const file of ['go.mod', 'go.sum', ...goFiles]) hash.update(`${file}\n`).update(readFileSync(path.join(SOURCE_DIR, file)));
  for (const patch of patchFiles()) hash.update(`${patch}\n`).update(readFileSync(path.join(PATCHES_DIR, patch)));
  return hash.digest('hex');
}

const patchFiles = () =>
  readdirSync(PATCHES_DIR)
    .filter((file) => file.endsWith('.patch'))
    .sort();

function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) makeWritable(file);
    else chmodSync(file, 0o644);
  }
}

/**
 * FerretDB's own module, downloaded from the Go module proxy (checked against the checksum
 * database as any module is), copied and patched with scripts/ferretdb/patches/ in order.
 */
export async function preparePatchedModule(log: (line: string) => void = () => undefined): Promise<void> {
  const download = await runWithProgress(
    'go',
    ['mod', 'download', '-json', FERRET_MODULE],
    { cwd: tmpdir(), env: { ...process.env, GOFLAGS: '' } },
    log,
  );
  if (download.status !== 0) throw new EmbeddedDatabaseUnavailable(`Kunne ikke laste ned ${FERRET_MODULE}: ${download.output}`);
  const { Dir: moduleDir } = JSON.parse(download.stdout) as { Dir: string };
  rmSync(PATCHED_MODULE_DIR, { recursive: true, force: true });
  cpSync(moduleDir, PATCHED_MODULE_DIR, { recursive: true });
  // The module cache is read-only.
  makeWritable(PATCHED_MODULE_DIR);
  for (const patch of patchFiles()) {
    // Outside any repository: git applies it as patch(1) would, in this folder.
    const applied = spawnSync('git', ['apply', '-p1', path.join(PATCHES_DIR, patch)], {
      cwd: PATCHED_MODULE_DIR,
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(PATCHED_MODULE_DIR) },
      encoding: 'utf8',
    });
    if (applied.status !== 0)
      throw new EmbeddedDatabaseUnavailable(`Rettelsen ${patch} passer ikke på ${FERRET_MODULE}: ${applied.stderr}`);
  }
}

/**
 * Builds the embedded FerretDB launcher with `go install` the first time (about two minutes,
 * most of it downloading modules), and again only when its pinned sources or patches change.
 */
export async function ensureFerretBinary(log: (line: string) => void = console.log): Promise<string> {
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
  await preparePatchedModule(log);
  const build = await runWithProgress(
    'go',
    ['install', '.'],
    { cwd: SOURCE_DIR, env: { ...process.env, GOBIN: TOOLS_BIN, GOFLAGS: '-mod=readonly', CGO_ENABLED: '0' } },
    log,
  );
  if (build.status !== 0) {
    throw new EmbeddedDatabaseUnavailable(`Kunne ikke bygge FerretDB med go install:\n${build.output}`);
  }
  writeFileSync(STAMP, wanted);
  return FERRET_BINARY;
}

/**
 * Runs a Go command, saying every few seconds what it is doing (issue 42: a first start was minutes
 * of silence): how many modules it has downloaded, whether it is downloading or compiling, and
 * the time so far. Its own lines are kept for the error message, not printed.
 */
export async function runWithProgress(
  command: string,
  args: string[],
  options: SpawnOptions,
  log: (line: string) => void,
  everyMs = 5_000,
): Promise<{ status: number | null; stdout: string; output: string }> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const started = Date.now();
  let stdout = '';
  let output = '';
  let downloaded = 0;
  let lastDownloadAt = 0;
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  createInterface({ input: child.stderr! }).on('line', (line) => {
    output += `${line}\n`;
    if (!line.startsWith('go: downloading')) return;
    downloaded += 1;
    lastDownloadAt = Date.now();
  });
  const progress = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    const elapsed = seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
    const doing = Date.now() - lastDownloadAt < everyMs || args[0] !== 'install' ? 'laster ned' : 'kompilerer';
    log(`  … ${doing}${downloaded > 0 ? `, ${downloaded} Go-moduler lastet ned` : ''} (${elapsed})`);
  }, everyMs);
  const status = await new Promise<number | null>((resolve) => {
    child.once('error', (err) => {
      output += `${err.message}\n`;
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  clearInterval(progress);
  return { status, stdout, output: `${output}${stdout}` };
}
