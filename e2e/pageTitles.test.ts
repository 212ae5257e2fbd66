import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi } from './signIn';
import { DESKTOP, newContext } from './browser';
import { startE2E, type E2E } from './harness';
import { OFFICE_SCREENS } from './officeScreens';

/** Every screen has a title of its own in the browser tab (WCAG 2.4.2): its heading and the product name. */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

async function titleAndHeading(page: Page, path: string): Promise<{ title: string; heading: string }> {
  await page.goto(path);
  const heading = (await page.locator('h1').first().innerText()).trim();
  await expect.poll(() => page.title()).toBe(heading === 'Tilsynsvakt' ? 'Tilsynsvakt' : `${heading} – Tilsynsvakt`);
  return { title: await page.title(), heading };
}

describe('page titles', () => {
  it('signed out: sign-in, registration and the portal sign-in', async () => {
    const page = await (await newContext(e.browser, e.server.baseUrl, DESKTOP)).newPage();
    const titles = [];
    for (const path of ['/login', '/register', '/plattformadministrator-login']) titles.push((await titleAndHeading(page, path)).title);
    expect(titles).toEqual(['Logg inn – Tilsynsvakt', 'Opprett ny konto – Tilsynsvakt', 'Plattformadministrator Portal – Tilsynsvakt']);
  });

  it('every screen of the school office, the board and a missing page: each its own', async () => {
    const page = await (await newContext(e.browser, e.server.baseUrl, DESKTOP)).newPage();
    await signInThroughApi(page, e.fx.a.admin.email);
    await page.waitForURL('**/admin');
    const paths = [...OFFICE_SCREENS, '/finnes-ikke'];
    const titles: string[] = [];
    for (const path of paths) titles.push((await titleAndHeading(page, path)).title);
    expect(new Set(titles).size).toBe(paths.length);
    expect(titles).toContain('Brukere – Tilsynsvakt');
    expect(titles).toContain('Siden finnes ikke – Tilsynsvakt');
  });
});
