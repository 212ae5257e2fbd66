import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../server/src/features/demo/seedDemoData';
import { startTestServer, type TestServer } from '../server/test/testServer';
import { shoot } from './actions';
import { axeViolations } from './axe';
import { connectBrowser, DESKTOP, newContext, PHONE } from './browser';
import { signInThroughApi } from './signIn';

/**
 * Issue 45: the demo as `npm start` makes it, on the real clock, shows something on every Admin
 * page a newcomer opens. Nothing but the demo is in the database.
 */
let server: TestServer;
let browser: Browser;
const open: BrowserContext[] = [];
beforeAll(async () => {
  server = await startTestServer();
  expect(await seedDemoData(server.app)).toBe(true);
  browser = await connectBrowser();
}, 180_000);
afterEach(async () => void (await Promise.all(open.splice(0).map((context) => context.close()))));
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Each Admin page, and what on it shows the demo's content. */
const PAGES = [
  { path: '/admin/ukesrapport', name: 'ukesrapport', content: 'range-report' },
  { path: '/admin/aarsrapport', name: 'aarsrapport', content: 'year-chart' },
  { path: '/admin/gaarsdagens-rapport', name: 'gaarsdagens-rapport', content: 'yesterday-report' },
  { path: '/admin/vedlikehold', name: 'vedlikehold', content: 'caretaker-tasks' },
  { path: '/arkiv', name: 'arkiv', content: 'archived-tasks' },
  { path: '/admin/syke-og-bortreist', name: 'syke-og-bortreist', content: 'sick-rows' },
  { path: '/admin/reiser', name: 'reiser', content: 'trip' },
  { path: '/admin/logg', name: 'endringslogg', content: 'audit-entry' },
] as const;

async function showsContent(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor();
  expect(await page.getByTestId(testId).count(), testId).toBeGreaterThan(0);
}

describe('the demo on first start', () => {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    it(`shows content on every Admin page at ${width} px, axe-clean`, async () => {
      const context = await newContext(browser, server.baseUrl, viewport);
      open.push(context);
      const page = await context.newPage();
      await signInThroughApi(page, 'admin@demo.no', 'demo1234', '/admin/meny');
      for (const screen of PAGES) {
        await page.goto(screen.path);
        await showsContent(page, screen.content);
        expect(await axeViolations(page), `${screen.path} at ${width} px`).toEqual([]);
        await shoot(page, `demo-${screen.name}-${width}`);
      }
      // The year at a glance has weeks with reports ('ingen' only for a year without any).
      await page.goto('/admin/aarsrapport');
      expect(await page.getByTestId('year-chart-reports').getAttribute('aria-label')).toMatch(/høyest i uke \d+/);
      // Trips that are over are in the archive.
      await page.goto('/admin/reiser');
      await page.getByTestId('tab-archived-trips').click();
      await showsContent(page, 'archived-trips');
      await page.getByTestId('archived-trips').getByTestId('trip').first().waitFor();
      await shoot(page, `demo-reiser-arkiv-${width}`);
    });
  }
});
