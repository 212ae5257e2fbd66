import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}

/** One Chromium for the whole browser run: each test file connects to it (harness.ts) and opens a context per test. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchBrowserServer();
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
