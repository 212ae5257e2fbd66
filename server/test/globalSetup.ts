import type { TestProject } from 'vitest/node';
import { startThrowawayDatabaseServer } from '../src/db/engine';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoServerUri: string;
  }
}

/** One database server for the whole run (engine.ts chooses it); each test file then uses a database of its own and drops it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startThrowawayDatabaseServer();
  project.provide('mongoServerUri', server.uri);
  return server.stop;
}
