import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/** The module that holds every signed-in screen (client/src/signedInChunk.tsx loads it). */
const SIGNED_IN_MODULE = 'src/SignedInApp.tsx';

/**
 * Link tags that fetch the signed-in screens and /api/auth/me together with the page, for a
 * browser that comes with a session: otherwise they would start only after its scripts have run. Read from
 * Vite's manifest of the build; none when there is no manifest.
 */
export function signedInPreloadTags(root: string): string {
  const manifestPath = path.join(root, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[SIGNED_IN_MODULE]) return '';
  // What the page already loads or preloads itself: its entry and everything the entry imports.
  const inPage = new Set<string>();
  const walkPage = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || inPage.has(chunk.file)) return;
    inPage.add(chunk.file);
    for (const imported of chunk.imports ?? []) walkPage(imported);
  };
  walkPage('index.html');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || inPage.has(chunk.file) || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(SIGNED_IN_MODULE);
  return [
    // Who is signed in, asked as the page arrives rather than after its scripts have run; the app's
    // own request (credentials included) takes this answer.
    `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">`,
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // crossorigin as on the stylesheet Vite adds when the chunk loads: otherwise the browser fetches it again.
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('');
}
