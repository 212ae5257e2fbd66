import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const SCREENSHOT_DIR = path.resolve('screenshots');

/** Debian's Chromium, headless, with the flags this sandbox needs (no background networking). */
const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The run's one Chromium (browserServer.ts, the e2e project's globalSetup), for the test files to connect to. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * A test file's connection to the run's Chromium: closing it closes the contexts the file opened
 * and leaves the browser running for the next file.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** How far this file's browser clocks run behind the wall clock, as its server's does (harness.ts). */
let clockShiftMs = 0;

export function shiftBrowserClocks(ms: number): void {
  clockShiftMs = ms;
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  if (clockShiftMs !== 0) await context.clock.install({ time: new Date(Date.now() - clockShiftMs) });
  return context;
}

/** Saves a full-page screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Finished animations: a dialog or toast caught mid fade-in would look half transparent.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** A download's bytes, streamed from the browser (its path is on the browser's side, which a connected test cannot read). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
