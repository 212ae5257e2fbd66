// The phone budget (issue 12): what the sign-in page loads, and every chunk, in gzipped bytes.
// Reads Vite's manifest of the last client build; exits 1 above a budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ENTRY_BUDGET = 100 * 1024;
const CHUNK_BUDGET = 60 * 1024;

const dir = path.resolve(process.argv[2] ?? 'dist/client');
const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
const gzipped = (file) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The entry's JavaScript and everything it imports statically: what /login loads before it can show. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loaded = [...staticClosure(entryKey)].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const entryBytes = loaded.reduce((sum, file) => sum + gzipped(file), 0);
const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))];
const oversized = chunks.map((file) => [file, gzipped(file)]).filter(([, bytes]) => bytes > CHUNK_BUDGET);

console.log(`Pakkebudsjett: innloggingssiden laster ${kb(entryBytes)} JS gzip (grense ${kb(ENTRY_BUDGET)}): ${loaded.map((f) => path.basename(f)).join(', ')}`);
let failed = false;
if (entryBytes > ENTRY_BUDGET) {
  console.error(`For mye JavaScript på innloggingssiden: ${kb(entryBytes)} > ${kb(ENTRY_BUDGET)}`);
  failed = true;
}
for (const [file, bytes] of oversized) {
  console.error(`For stor bit: ${file} er ${kb(bytes)} gzip > ${kb(CHUNK_BUDGET)}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
