import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureUser } from '../server/test/fixtures';
import { signInPlatform } from './actions';
import { signIn, signInThroughApi } from './signIn';
import { DESKTOP, PHONE, screenshot } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';

/** The accessibility statement is one click from the sign-in page and from every role's screen or menu (issue 13). */
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

async function open(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  return pages.page(viewport);
}

async function signedIn(user: FixtureUser, landing: string): Promise<Page> {
  return signIn(await pages.context(), user, landing);
}

/** Follows the link by its name and checks the statement it leads to. */
async function expectStatementFrom(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Tilgjengelighetserklæring' }).click();
  await page.getByTestId('accessibility-statement').waitFor();
  expect(new URL(page.url()).pathname).toBe('/tilgjengelighet');
  await expect.poll(() => page.title()).toBe('Tilgjengelighetserklæring – Tilsynsvakt');
  const headings = await page.getByRole('heading').allInnerTexts();
  expect(headings).toEqual(['Tilgjengelighetserklæring', 'Status', 'Kjente mangler', 'Meld fra om et problem']);
  expect(await page.getByTestId('known-gaps').getByRole('listitem').count()).toBeGreaterThan(0);
  expect(await page.getByRole('link', { name: 'uutilsynet.no' }).getAttribute('href')).toBe('https://www.uutilsynet.no/');
  expect(await page.getByTestId('accessibility-statement').innerText()).toContain('WCAG 2.1 på nivå AA');
}

describe('the accessibility statement', () => {
  it('opens from the sign-in, registration and portal pages, and leads back', async () => {
    for (const path of ['/login', '/register', '/plattformadministrator-login']) {
      const page = await open();
      await page.goto(path);
      await expectStatementFrom(page);
    }
    const page = await open(PHONE);
    await page.goto('/login');
    await expectStatementFrom(page);
    await screenshot(page, 'statement-375');
    await page.getByRole('link', { name: 'Tilbake til Tilsynsvakt' }).click();
    await page.getByTestId('login-form').waitFor();
  });

  it("opens from the supervisor's board, the caretaker's screen, the admin menu and the platform's menu", async () => {
    await expectStatementFrom(await signedIn(e.fx.a.supervisor, '/tilsynsvakt'));
    await expectStatementFrom(await signedIn(e.fx.a.caretaker, '/vaktmester'));
    const admin = await signedIn(e.fx.a.admin, '/admin');
    await expectStatementFrom(admin);
    await screenshot(admin, 'statement-1280');
    await admin.getByRole('link', { name: 'Tilbake til Tilsynsvakt' }).click();
    await admin.getByRole('heading', { name: 'Admin Meny' }).waitFor();

    const platform = await open();
    await signInPlatform(platform, e.fx.platformAdmin.email);
    await expectStatementFrom(platform);
  });

  it('is open to an account waiting for approval', async () => {
    const page = await open();
    await signInThroughApi(page, e.fx.b.pending.email);
    await page.getByTestId('pending-screen').waitFor();
    await page.goto('/tilgjengelighet');
    await page.getByTestId('accessibility-statement').waitFor();
  });
});

describe("'Endre passord' on the supervisor's and the caretaker's own screens", () => {
  it('leads each to the change-password form', async () => {
    for (const [user, landing] of [
      [e.fx.a.supervisor, '/tilsynsvakt'],
      [e.fx.a.caretaker, '/vaktmester'],
    ] as const) {
      const page = await signedIn(user, landing);
      await page.getByRole('link', { name: 'Endre passord' }).click();
      await page.getByTestId('change-password-form').waitFor();
    }
  });
});
