import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../src/db/embeddedFerret';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoServerUri: string;
  }
}

/** One database engine for the whole run; each test file then uses a database of its own. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.MONGODB_URI) {
    project.provide('mongoServerUri', process.env.MONGODB_URI);
    return async () => undefined;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-test-'));
  const db = await startEmbeddedDatabase(dataDir);
  project.provide('mongoServerUri', db.uri);
  return async () => {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
