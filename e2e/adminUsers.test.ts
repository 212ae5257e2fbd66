import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dismissToast, horizontalOverflow, markPage, signInPlatform, signInThroughForm, waitForToast, wasReloaded } from './actions';
import { signInThroughApi } from './signIn';
import { SESSION_END_TEXTS } from '#protocol/sessionEnd';
import { DESKTOP, PHONE, screenshot } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';

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

/** An Admin of school A on /admin/brukere, reached from the admin menu. */
async function adminOnUsersPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const page = await open(viewport);
  await signInThroughApi(page, e.fx.a.admin.email);
  await page.waitForURL('**/admin');
  await page.getByRole('link', { name: /Brukere/ }).click();
  await page.waitForURL('**/admin/brukere');
  await page.getByTestId('users-page').waitFor();
  return page;
}

const pendingRow = (page: Page, name: string) => page.getByTestId('pending-user').filter({ hasText: name });
const userRow = (page: Page, name: string) => page.getByTestId('school-user').filter({ hasText: name });
const roleStatus = (page: Page, name: string) => userRow(page, name).getByTestId('role-status').innerText();

async function menuItems(page: Page, name: string): Promise<string[]> {
  await dismissToast(page);
  await userRow(page, name).getByTestId('user-menu').click();
  await page.getByRole('menu').waitFor();
  const items = await page.getByRole('menuitem').allInnerTexts();
  return items.map((text) => text.trim());
}

describe('users screen, live', () => {
  it('an admin approves a registration while the newcomer watches; they are told to sign in again, and get in', async () => {
    const admin = await adminOnUsersPage();
    expect(await admin.getByRole('heading', { name: 'Brukere' }).isVisible()).toBe(true);
    expect(await admin.getByTestId('greeting').innerText()).toBe('Hei, Admin A');
    expect(await admin.getByRole('tab', { name: 'Ventende' }).getAttribute('aria-selected')).toBe('true');
    await pendingRow(admin, 'Ny A').waitFor();

    // A second window of the admin watches the Alle tab.
    const watcher = await adminOnUsersPage(PHONE);
    await watcher.getByRole('tab', { name: 'Alle' }).click();
    await userRow(watcher, 'Admin A').getByText('Du', { exact: true }).waitFor();
    await markPage(admin);
    await markPage(watcher);

    const newcomer = await open(PHONE);
    await newcomer.goto('/register');
    await newcomer.getByTestId('register-school').click();
    await newcomer.getByRole('option', { name: 'Skole A' }).click();
    await newcomer.getByTestId('register-name').fill('Siri Ny');
    await newcomer.getByTestId('register-email').fill('siri@test.no');
    await newcomer.getByTestId('register-password').fill('hemmelig');
    await newcomer.getByTestId('register-submit').click();
    await newcomer.getByTestId('pending-screen').waitFor();
    await markPage(newcomer);

    // The registration appears at once, in both of the admin's windows.
    const row = pendingRow(admin, 'Siri Ny');
    await row.waitFor({ timeout: 5000 });
    expect(await row.innerText()).toContain('siri@test.no');
    expect(await row.getByText('Ventende', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => roleStatus(watcher, 'Siri Ny'), { timeout: 5000 }).toBe('Tilsynsvakt – Ventende');

    await row.getByRole('button', { name: 'Godkjenn' }).click();
    await waitForToast(admin, 'Bruker godkjent');
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => roleStatus(watcher, 'Siri Ny'), { timeout: 5000 }).toBe('Tilsynsvakt – Aktiv');

    // Issue 43: approval ends the waiting session; the sign-in page says why, and a new sign-in gets in.
    await newcomer.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(await newcomer.getByTestId('signed-out-notice').innerText()).toBe(SESSION_END_TEXTS.approved);
    await signInThroughForm(newcomer, 'siri@test.no', 'hemmelig');
    await newcomer.waitForURL((url) => url.pathname === '/tilsynsvakt', { timeout: 10_000 });
    await newcomer.getByTestId('supervisor-home').waitFor();
    expect(await wasReloaded(admin)).toBe(false);
    expect(await wasReloaded(watcher)).toBe(false);
  });

  it('rejecting deletes the registration, and the list empties', async () => {
    const admin = await adminOnUsersPage(PHONE);
    const row = pendingRow(admin, 'Ny A');
    await row.waitFor();
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    await row.getByRole('button', { name: 'Avvis' }).click();
    await waitForToast(admin, 'Bruker avvist');
    await admin.getByText('Ingen ventende brukere').waitFor();
    await admin.getByRole('tab', { name: 'Alle' }).click();
    await userRow(admin, 'Admin A').waitFor();
    expect(await userRow(admin, 'Ny A').count()).toBe(0);
    const status = await admin.evaluate(() => fetch('/api/admin/users').then((r) => r.json() as Promise<Array<{ email: string }>>));
    expect(status.map((user) => user.email)).not.toContain('ny.a@test.no');
  });

  it('offers each role exactly its actions, and never on the own row', async () => {
    const admin = await adminOnUsersPage(PHONE);
    await admin.getByRole('tab', { name: 'Alle' }).click();
    await userRow(admin, 'Kari A').waitFor();

    expect(await userRow(admin, 'Admin A').getByTestId('user-menu').count()).toBe(0);
    expect(await userRow(admin, 'Admin A').getByText('Du', { exact: true }).isVisible()).toBe(true);
    // A deactivated user can be activated again, or deleted (issue 45).
    expect(await roleStatus(admin, 'Borte A')).toBe('Tilsynsvakt – Deaktivert');
    expect(await menuItems(admin, 'Borte A')).toEqual(['Aktiver bruker', 'Slett bruker']);
    await admin.keyboard.press('Escape');
    await admin.getByRole('menu').waitFor({ state: 'detached' });

    expect(await menuItems(admin, 'Kari A')).toEqual([
      'Gjør til Admin',
      'Gjør til Vaktmester',
      'Lag lenke for nytt passord',
      'Deaktiver bruker',
      'Slett bruker',
    ]);
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    await admin.keyboard.press('Escape');
    await admin.getByRole('menu').waitFor({ state: 'detached' });

    expect(await menuItems(admin, 'Vaktmester A')).toEqual([
      'Gjør til Tilsynsvakt',
      'Lag lenke for nytt passord',
      'Deaktiver bruker',
      'Slett bruker',
    ]);
    await admin.keyboard.press('Escape');
  });

  it('a supervisor whose role changes is signed out with the reason, and signs in to the new role', async () => {
    const supervisor = await open(PHONE);
    await signInThroughApi(supervisor, e.fx.a.supervisor.email);
    await supervisor.waitForURL('**/tilsynsvakt');
    await supervisor.getByTestId('supervisor-home').waitFor();
    await markPage(supervisor);

    const admin = await adminOnUsersPage();
    await admin.getByRole('tab', { name: 'Alle' }).click();
    await menuItems(admin, 'Kari A');
    await admin.getByRole('menuitem', { name: 'Gjør til Admin' }).click();
    await waitForToast(admin, 'Brukerrolle oppdatert');
    await expect.poll(() => roleStatus(admin, 'Kari A')).toBe('Admin – Aktiv');

    // Issue 43: a new role ends the session; the next sign-in is asked for what the role needs.
    await supervisor.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(await supervisor.getByTestId('signed-out-notice').innerText()).toBe(SESSION_END_TEXTS.roleChanged);
    await signInThroughForm(supervisor, e.fx.a.supervisor.email);
    await supervisor.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });
    await supervisor.getByRole('heading', { name: 'Admin Meny' }).waitFor();

    expect(await menuItems(admin, 'Kari A')).toEqual([
      'Gjør til Tilsynsvakt',
      'Lag lenke for nytt passord',
      'Deaktiver bruker',
      'Slett bruker',
    ]);
    await admin.getByRole('menuitem', { name: 'Gjør til Tilsynsvakt' }).click();
    await waitForToast(admin, 'Brukerrolle oppdatert');
    await supervisor.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await signInThroughForm(supervisor, e.fx.a.supervisor.email);
    await supervisor.waitForURL((url) => url.pathname === '/tilsynsvakt', { timeout: 10_000 });
    await supervisor.getByTestId('supervisor-home').waitFor();
  });

  it('a deactivated user is signed out, and a deleted one too, after the confirmation', async () => {
    const caretaker = await open(PHONE);
    await signInThroughApi(caretaker, e.fx.a.caretaker.email);
    await caretaker.waitForURL('**/vaktmester');
    const supervisor = await open(PHONE);
    await signInThroughApi(supervisor, e.fx.a.supervisor.email);
    await supervisor.waitForURL('**/tilsynsvakt');

    const admin = await adminOnUsersPage(PHONE);
    await admin.getByRole('tab', { name: 'Alle' }).click();
    await menuItems(admin, 'Vaktmester A');
    await admin.getByRole('menuitem', { name: 'Deaktiver bruker' }).click();
    // Issue 45: it asks first.
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Deaktiver' }).click();
    await waitForToast(admin, 'Bruker deaktivert');
    await expect.poll(() => roleStatus(admin, 'Vaktmester A')).toBe('Vaktmester – Deaktivert');
    await caretaker.getByTestId('login-form').waitFor({ timeout: 10_000 });
    expect(new URL(caretaker.url()).pathname).toBe('/login');

    await menuItems(admin, 'Kari A');
    await admin.getByRole('menuitem', { name: 'Slett bruker' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Er du sikker på at du vil slette brukeren Kari A? Dette kan ikke angres.');
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await userRow(admin, 'Kari A').count()).toBe(1);

    await menuItems(admin, 'Kari A');
    await admin.getByRole('menuitem', { name: 'Slett bruker' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Slett' }).click();
    await waitForToast(admin, 'Bruker slettet');
    await userRow(admin, 'Kari A').waitFor({ state: 'detached' });
    await supervisor.getByTestId('login-form').waitFor({ timeout: 10_000 });
  });

  it('shows the destructive toast with the reason when an action fails', async () => {
    const admin = await adminOnUsersPage();
    await admin.getByRole('tab', { name: 'Alle' }).click();
    await userRow(admin, 'Siri Ny').waitFor();
    const reason = 'Brukeren ble endret av noen andre. Prøv igjen.';
    await admin
      .context()
      .route(/\/api\/admin\/users\/[^/]+\/deactivate(\?|$)/, (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: reason, code: 'conflict' }) }),
      );
    await menuItems(admin, 'Siri Ny');
    await admin.getByRole('menuitem', { name: 'Deaktiver bruker' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Deaktiver' }).click();
    const text = await waitForToast(admin, 'Kunne ikke deaktivere bruker');
    expect(text).toContain(reason);
    expect(await admin.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(await roleStatus(admin, 'Siri Ny')).toBe('Tilsynsvakt – Aktiv');
  });
});

describe('the Plattformadministrator on the users screen', () => {
  it("picks a school from the admin menu's users screen and approves that school's registration", async () => {
    const page = await open(PHONE);
    const desktop = await open(DESKTOP);
    await signInPlatform(desktop, e.fx.platformAdmin.email);
    await desktop.goto('/admin/brukere');
    await desktop.getByText('Velg en skole for å administrere brukerne.').waitFor();
    await screenshot(desktop, 'platform-users-pick-1280');
    await signInPlatform(page, e.fx.platformAdmin.email);
    await page.goto('/admin/meny');
    await page.getByRole('link', { name: /Brukere/ }).click();
    await page.waitForURL('**/admin/brukere');
    await page.getByText('Velg en skole for å administrere brukerne.').waitFor();
    await page.getByTestId('admin-school-select').click();
    await page.getByRole('option', { name: 'Skole B', exact: true }).click();
    await pendingRow(page, 'Ny B').waitFor();
    expect(await pendingRow(page, 'Ny A').count()).toBe(0);
    await screenshot(page, 'platform-users-school-b-375');
    await pendingRow(page, 'Ny B')
      .getByRole('button', { name: /Godkjenn/ })
      .click();
    await waitForToast(page, 'Bruker godkjent');
    await page.getByText('Ingen ventende brukere').waitFor();
    await page.getByRole('tab', { name: 'Alle' }).click();
    expect(await userRow(page, 'Ny B').getByTestId('role-status').innerText()).toBe('Tilsynsvakt – Aktiv');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('classes screen, live', () => {
  it('adds and deletes classes, and a second admin window follows', async () => {
    const first = await open(DESKTOP);
    await signInThroughApi(first, e.fx.a.admin.email);
    await first.waitForURL('**/admin');
    await first.getByRole('link', { name: /Klasser/ }).click();
    await first.waitForURL('**/admin/klasser');
    await first.getByRole('heading', { name: 'Administrer klasser' }).waitFor();
    await first.getByText('Ingen klasser lagt til ennå').waitFor();
    expect(await first.getByTestId('admin-school-picker').count()).toBe(0);

    const second = await open(PHONE);
    await signInThroughApi(second, e.fx.a.admin.email);
    await second.waitForURL('**/admin');
    await second.goto('/admin/klasser');
    await second.getByText('Ingen klasser lagt til ennå').waitFor();
    expect(await horizontalOverflow(second)).toBeLessThanOrEqual(0);
    await markPage(second);

    const input = first.getByPlaceholder('Klassenavn...');
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('10A');
    await input.press('Enter');
    await waitForToast(first, 'Klasse lagt til');
    expect(await input.inputValue()).toBe('');
    await second.getByTestId('class-row').filter({ hasText: '10A' }).waitFor({ timeout: 5000 });

    await input.fill('9B');
    await first.getByRole('button', { name: 'Legg til' }).click();
    await waitForToast(first, 'Klasse lagt til');
    await expect
      .poll(() => second.getByTestId('class-row').allInnerTexts(), { timeout: 5000 })
      .toEqual([expect.stringContaining('9B'), expect.stringContaining('10A')]);

    // A duplicate is refused with the destructive toast and the server's reason.
    await input.fill('10A');
    await input.press('Enter');
    const failure = await waitForToast(first, 'Kunne ikke legge til klasse. Prøv igjen.');
    expect(failure.length).toBeGreaterThan('Kunne ikke legge til klasse. Prøv igjen.'.length);
    expect(await first.getByTestId('class-row').count()).toBe(2);

    await second.getByTestId('class-row').filter({ hasText: '10A' }).getByRole('button', { name: 'Slett' }).click();
    const dialog = second.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Er du sikker på at du vil slette denne klassen?');
    await dialog.getByRole('button', { name: 'Slett' }).click();
    await waitForToast(second, 'Klasse slettet');
    await first.getByTestId('class-row').filter({ hasText: '10A' }).waitFor({ state: 'detached', timeout: 5000 });
    expect(await first.getByTestId('class-row').allInnerTexts()).toEqual([expect.stringContaining('9B')]);
    expect(await wasReloaded(second)).toBe(false);

    // The other school sees none of it.
    const other = await open(DESKTOP);
    await signInThroughApi(other, e.fx.b.admin.email);
    await other.waitForURL('**/admin');
    await other.goto('/admin/klasser');
    await other.getByText('Ingen klasser lagt til ennå').waitFor();
  });
});
