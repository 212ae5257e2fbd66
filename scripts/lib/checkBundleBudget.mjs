// The phone budget (issue 26): what the sign-in page loads, and every chunk, in gzipped bytes; and
// that what renders is React itself. Reads Vite's manifest of the last client build; exits 1 when
// a check fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ENTRY_BUDGET = 150 * 1024;
const CHUNK_BUDGET = 60 * 1024;
/** React DOM alone is about 66 KB: its chunk is the one allowed over the chunk budget. */
const REACT_CHUNK = /^assets\/react-[\w-]+\.js$/;

const dir = path.resolve(process.argv[2] ?? 'dist/client');
const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
const read = (file) => readFileSync(path.join(dir, file));
const gzipped = (file) => gzipSync(read(file), { level: 9 }).length;
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
const chunks = [
  ...new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  ),
];
const oversized = chunks
  .filter((file) => !REACT_CHUNK.test(file))
  .map((file) => [file, gzipped(file)])
  .filter(([, bytes]) => bytes > CHUNK_BUDGET);
const reactChunk = chunks.find((file) => REACT_CHUNK.test(file));
const reactVersion = JSON.parse(readFileSync(path.resolve('node_modules/react-dom/package.json'), 'utf8')).version;

console.log(
  `Pakkebudsjett: innloggingssiden laster ${kb(entryBytes)} JS gzip (grense ${kb(ENTRY_BUDGET)}): ${loaded.map((f) => path.basename(f)).join(', ')}`,
);
const failures = [];
if (entryBytes > ENTRY_BUDGET) failures.push(`For mye JavaScript på innloggingssiden: ${kb(entryBytes)} > ${kb(ENTRY_BUDGET)}`);
for (const [file, bytes] of oversized) failures.push(`For stor bit: ${file} er ${kb(bytes)} gzip > ${kb(CHUNK_BUDGET)}`);
// React DOM refuses to run beside another React version: it carries its own version string.
if (!reactChunk || !read(reactChunk).includes(`\`${reactVersion}\``)) failures.push(`React ${reactVersion} er ikke i en egen bit`);
else if (!loaded.includes(reactChunk)) failures.push(`Innloggingssiden laster ikke React (${reactChunk})`);
else console.log(`React ${reactVersion}: ${path.basename(reactChunk)}, ${kb(gzipped(reactChunk))} gzip`);
if (chunks.some((file) => /\bpreact\b/.test(read(file).toString()))) failures.push('Preact er med i byggingen');
for (const failure of failures) console.error(failure);
process.exit(failures.length ? 1 : 0);
