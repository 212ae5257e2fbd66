import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dismissToast, horizontalOverflow, markPage, signInPlatform, signInThroughForm, waitForToast, wasReloaded } from './actions';
import { signInThroughApi } from './signIn';
import { TEXTS } from '#protocol/texts';
import { DESKTOP, PHONE, screenshot } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';

let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

type Viewport = { width: number; height: number };

async function open(viewport: Viewport = DESKTOP): Promise<Page> {
  return pages.page(viewport);
}

async function platformAdmin(viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await open(viewport);
  await signInPlatform(page, e.fx.platformAdmin.email);
  await page.getByTestId('school-list').waitFor();
  return page;
}

const stat = async (page: Page, key: string) => Number(await page.getByTestId(`stat-${key}`).locator('.count-value').innerText());
const card = (page: Page, name: string) =>
  page.getByTestId('school-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const count = async (page: Page, school: string, key: string) =>
  Number(await card(page, school).getByTestId(`count-${key}`).locator('.count-value').innerText());
const userRow = (page: Page, name: string) => page.getByTestId('platform-user').filter({ hasText: name });

async function pick(page: Page, trigger: string, option: string): Promise<void> {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function userMenu(page: Page, name: string, item: string): Promise<void> {
  await dismissToast(page);
  await userRow(page, name).getByTestId('platform-user-menu').click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('platform dashboard, live', () => {
  it('creates a school and an Admin, toggles the school, and a second window follows without a reload', async () => {
    const main = await platformAdmin(DESKTOP);
    const watcher = await platformAdmin(PHONE);
    await markPage(watcher);

    expect(await card(main, 'Skole A').getByTestId('school-state').innerText()).toBe('Aktiv');
    expect(await card(main, 'Nedlagt skole').getByTestId('school-state').innerText()).toBe('Inaktiv');
    expect(await count(main, 'Skole A', 'users')).toBe(5);
    expect(await count(main, 'Skole A', 'pending')).toBe(1);
    expect(await count(main, 'Skole A', 'admins')).toBe(1);
    expect(await card(main, 'Skole A').getByRole('link', { name: 'Administrer brukere' }).getAttribute('href')).toBe(
      `/plattformadministrator/schools/${e.fx.a.id}`,
    );
    const before = {
      schools: await stat(watcher, 'schools'),
      active: await stat(watcher, 'active-schools'),
      users: await stat(watcher, 'users'),
      pending: await stat(watcher, 'pending'),
    };
    expect(before).toEqual({ schools: 3, active: 2, users: 11, pending: 2 });
    expect(await horizontalOverflow(watcher)).toBeLessThanOrEqual(0);

    // A blank name sends nothing: the dialog stays open and no school appears.
    await main.getByTestId('open-create-school').click();
    const schoolDialog = main.getByTestId('create-school-dialog');
    await schoolDialog.waitFor();
    await main.getByTestId('school-name').fill('   ');
    await main.getByTestId('create-school-submit').click();
    expect(await schoolDialog.isVisible()).toBe(true);
    await main.getByTestId('school-name').fill('  Skole Nord  ');
    await main.getByTestId('create-school-submit').click();
    await waitForToast(main, 'Skole opprettet');
    await schoolDialog.waitFor({ state: 'detached' });
    await card(main, 'Skole Nord').waitFor();
    await card(watcher, 'Skole Nord').waitFor({ timeout: 5000 });
    await expect.poll(() => stat(watcher, 'schools')).toBe(before.schools + 1);
    await expect.poll(() => stat(watcher, 'active-schools')).toBe(before.active + 1);
    expect(await count(watcher, 'Skole Nord', 'users')).toBe(0);

    // The create-user dialog: default role Admin; nothing is sent until every field is filled.
    await main.getByTestId('open-create-user').click();
    const userDialog = main.getByTestId('create-user-dialog');
    await userDialog.waitFor();
    expect(await main.getByTestId('new-user-role').innerText()).toContain('Admin');
    expect(await main.getByTestId('new-user-password').getAttribute('placeholder')).toBe('Minst 6 tegn');
    await main.getByTestId('new-user-name').fill('Nora Nord');
    await main.getByTestId('new-user-email').fill('nora@nord.no');
    await main.getByTestId('new-user-password').fill('hemmelig');
    await main.getByTestId('create-user-submit').click();
    expect(await userDialog.isVisible()).toBe(true);
    // Issue 45: the missing school is named at its field.
    expect(await main.getByTestId('new-user-school-error').innerText()).toBe('Velg en skole');
    await pick(main, 'new-user-school', 'Skole Nord');
    await main.getByTestId('create-user-submit').click();
    await waitForToast(main, 'Bruker opprettet');
    await userDialog.waitFor({ state: 'detached' });

    await expect.poll(() => count(watcher, 'Skole Nord', 'users'), { timeout: 5000 }).toBe(1);
    expect(await count(watcher, 'Skole Nord', 'active')).toBe(1);
    expect(await count(watcher, 'Skole Nord', 'admins')).toBe(1);
    await expect.poll(() => stat(watcher, 'users')).toBe(before.users + 1);

    // The new Admin can sign in at once and lands on the admin menu.
    const nora = await open(PHONE);
    await signInThroughForm(nora, 'nora@nord.no', 'hemmelig');
    await nora.waitForURL((url) => url.pathname === '/admin');

    // Toggling the school inactive.
    await card(main, 'Skole Nord').getByTestId('school-active-switch').click();
    // Issue 45: switching a school off asks first.
    await main.getByRole('alertdialog').getByRole('button', { name: 'Deaktiver skole' }).click();
    await waitForToast(main, 'Skole oppdatert');
    await expect.poll(() => card(watcher, 'Skole Nord').getByTestId('school-state').innerText(), { timeout: 5000 }).toBe('Inaktiv');
    await expect.poll(() => stat(watcher, 'active-schools')).toBe(before.active);
    expect(await card(main, 'Skole Nord').getByTestId('school-active-switch').getAttribute('aria-checked')).toBe('false');

    // A user whose school is inactive cannot sign in.
    const refused = await open(DESKTOP);
    await signInThroughForm(refused, 'nora@nord.no', 'hemmelig');
    // Nora is the school's Admin: she is told to contact the Plattformadministrator, not herself (issue 45).
    expect(await waitForToast(refused, 'Innloggingsfeil')).toContain(TEXTS.schoolInactiveForAdmin);

    // Deleting the school asks first, and says all its data goes.
    await card(main, 'Skole Nord').getByTestId('delete-school').click();
    const confirm = main.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('All data for skolen slettes');
    await confirm.getByRole('button', { name: 'Slett skole og all data' }).click();
    await waitForToast(main, 'Skole slettet med all data');
    await card(watcher, 'Skole Nord').waitFor({ state: 'detached', timeout: 5000 });
    await expect.poll(() => stat(watcher, 'schools')).toBe(before.schools);
    await expect.poll(() => stat(watcher, 'users')).toBe(before.users);
    expect(await wasReloaded(watcher)).toBe(false);
  });

  it('a registration elsewhere raises the counts live', async () => {
    const watcher = await platformAdmin(PHONE);
    const pendingBefore = await stat(watcher, 'pending');
    const newcomer = await open(PHONE);
    await newcomer.goto('/register');
    await pick(newcomer, 'register-school', 'Skole B');
    await newcomer.getByTestId('register-name').fill('Per Ny');
    await newcomer.getByTestId('register-email').fill('per@test.no');
    await newcomer.getByTestId('register-password').fill('hemmelig');
    await newcomer.getByTestId('register-submit').click();
    await newcomer.getByTestId('pending-screen').waitFor();
    await expect.poll(() => stat(watcher, 'pending'), { timeout: 5000 }).toBe(pendingBefore + 1);
    await expect.poll(() => count(watcher, 'Skole B', 'pending')).toBe(2);
  });
});

describe('a school’s users on the platform', () => {
  it('shows badges and changes role, status, school and existence of users', async () => {
    const page = await platformAdmin(PHONE);
    await card(page, 'Skole B').getByRole('link', { name: 'Administrer brukere' }).click();
    await page.waitForURL((url) => url.pathname === `/plattformadministrator/schools/${e.fx.b.id}`);
    await page.getByTestId('platform-user-list').waitFor();
    expect(await page.getByRole('heading', { name: 'Skole B', level: 1 }).isVisible()).toBe(true);

    const status = (name: string) => userRow(page, name).getByTestId('user-status').innerText();
    const role = (name: string) => userRow(page, name).getByTestId('user-role').innerText();
    const counter = async (key: string) => Number(await page.getByTestId(`count-${key}`).locator('.count-value').innerText());
    expect(await status('Kari B')).toBe('Aktiv');
    expect(await status('Ny B')).toBe('Venter');
    expect(await status('Borte B')).toBe('Deaktivert');
    expect(await role('Vaktmester B')).toBe('Vaktmester');
    expect(await counter('admins')).toBe(1);
    // Read as a Norwegian writes them: the singular for one (an earlier test registered a second newcomer).
    const phrases = (await page.getByTestId('school-counts').getByRole('listitem').allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
    expect(phrases).toEqual(['6 brukere', '3 aktive', '2 venter på godkjenning', '1 deaktivert', '1 administrator']);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The menu offers exactly the platform's actions.
    await userRow(page, 'Kari B').getByTestId('platform-user-menu').click();
    expect((await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Gjør til Admin',
      'Deaktiver bruker',
      'Flytt til annen skole',
      'Slett bruker',
    ]);
    await page.keyboard.press('Escape');

    await userMenu(page, 'Kari B', 'Gjør til Admin');
    await waitForToast(page, 'Bruker oppdatert');
    await expect.poll(() => role('Kari B')).toBe('Admin');
    await expect.poll(() => counter('admins')).toBe(2);

    await userMenu(page, 'Borte B', 'Aktiver bruker');
    await waitForToast(page, 'Bruker oppdatert');
    await expect.poll(() => status('Borte B')).toBe('Aktiv');
    await expect.poll(() => counter('deactivated')).toBe(0);

    await userMenu(page, 'Kari B', 'Deaktiver bruker');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deaktiver', exact: true }).click();
    await waitForToast(page, 'Bruker oppdatert');
    await expect.poll(() => status('Kari B')).toBe('Deaktivert');

    // Transfer to another active school: the inactive one is not offered.
    const usersBefore = await counter('users');
    await userMenu(page, 'Vaktmester B', 'Flytt til annen skole');
    const transfer = page.getByTestId('transfer-dialog');
    await transfer.waitFor();
    await page.getByTestId('transfer-school').click();
    const options = (await page.getByRole('option').allInnerTexts()).map((t) => t.trim());
    expect(options).toContain('Skole A');
    expect(options).not.toContain('Nedlagt skole');
    expect(options).not.toContain('Skole B');
    await page.getByRole('option', { name: 'Skole A', exact: true }).click();
    await page.getByTestId('transfer-submit').click();
    await waitForToast(page, 'Bruker oppdatert');
    await userRow(page, 'Vaktmester B').waitFor({ state: 'detached' });
    await expect.poll(() => counter('users')).toBe(usersBefore - 1);

    // A user created on the school's page belongs to it.
    await page.getByTestId('open-create-user').click();
    await page.getByTestId('create-user-dialog').waitFor();
    expect(await page.getByTestId('new-user-school').count()).toBe(0);
    await page.getByTestId('new-user-name').fill('Ola Ny');
    await page.getByTestId('new-user-email').fill('ola@test.no');
    await page.getByTestId('new-user-password').fill('hemmelig');
    await pick(page, 'new-user-role', 'Tilsynsvakt');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('create-user-submit').click();
    await waitForToast(page, 'Bruker opprettet');
    await expect.poll(() => role('Ola Ny')).toBe('Tilsynsvakt');
    expect(await status('Ola Ny')).toBe('Aktiv');

    await userMenu(page, 'Ola Ny', 'Slett bruker');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Er du sikker på at du vil slette brukeren Ola Ny? Dette kan ikke angres.');
    await confirm.getByRole('button', { name: 'Slett', exact: true }).click();
    await waitForToast(page, 'Bruker slettet');
    await userRow(page, 'Ola Ny').waitFor({ state: 'detached' });

    // Desktop view of the same page, then logout lands on the portal login.
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.pathname === '/plattformadministrator-login');
  });

  it('shows the fallback when creating a user fails without a reason', async () => {
    const page = await platformAdmin(DESKTOP);
    await page
      .context()
      .route('**/api/plattformadministrator/users', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
      );
    await page.getByTestId('open-create-user').click();
    await page.getByTestId('new-user-name').fill('Feil Bruker');
    await page.getByTestId('new-user-email').fill('feil@test.no');
    await page.getByTestId('new-user-password').fill('hemmelig');
    await pick(page, 'new-user-school', 'Skole A');
    await page.getByTestId('create-user-submit').click();
    expect(await waitForToast(page, 'Kunne ikke opprette bruker')).toContain('Feil');
    expect(await page.getByTestId('create-user-dialog').isVisible()).toBe(true);
  });
});

describe('how long a school keeps health data', () => {
  it('the Plattformadministrator sets the months on the school page; a wrong number is explained and not sent', async () => {
    const page = await platformAdmin(PHONE);
    await page.goto(`/plattformadministrator/schools/${e.fx.a.id}`);
    const months = page.getByTestId('retention-months');
    await months.waitFor();
    expect(await months.inputValue()).toBe('12');
    expect(await page.getByTestId('retention-save').isDisabled()).toBe(true);

    await months.fill('0');
    await page.getByTestId('retention-save').click();
    await page.getByText('Lagringstiden må være et helt antall måneder fra 1 til 120').waitFor();
    expect(await months.getAttribute('aria-invalid')).toBe('true');

    await months.fill('18');
    await page.getByTestId('retention-save').click();
    expect(await waitForToast(page, 'Lagret')).toContain('Sykelister eldre enn 18 måneder slettes automatisk.');
    await expect.poll(() => page.getByTestId('retention-save').isDisabled()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'platform-retention-375');

    // Stored: a fresh page shows it.
    await page.reload();
    await months.waitFor();
    expect(await months.inputValue()).toBe('18');
  });
});

describe('admin screens for the Plattformadministrator', () => {
  it('picks a school for the classes screen, remembers it, and the school’s Admin sees the change live', async () => {
    const admin = await open(DESKTOP);
    await signInThroughApi(admin, e.fx.a.admin.email);
    await admin.waitForURL('**/admin');
    await admin.goto('/admin/klasser');
    await admin.getByText('Ingen klasser lagt til ennå').waitFor();

    const page = await platformAdmin(PHONE);
    await page.goto('/admin/klasser');
    await page.getByTestId('admin-school-picker').waitFor();
    await page.getByText('Velg en skole for å administrere klassene.').waitFor();
    expect(await page.getByPlaceholder('Klassenavn...').count()).toBe(0);
    await pick(page, 'admin-school-select', 'Skole A');
    await page.getByText('Ingen klasser lagt til ennå').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByPlaceholder('Klassenavn...').fill('Plattformklasse');
    await page.getByPlaceholder('Klassenavn...').press('Enter');
    await waitForToast(page, 'Klasse lagt til');
    await admin.getByTestId('class-row').filter({ hasText: 'Plattformklasse' }).waitFor({ timeout: 5000 });

    // The choice survives a reload of the tab.
    await page.reload();
    await page.getByTestId('class-row').filter({ hasText: 'Plattformklasse' }).waitFor();
    expect(await page.getByTestId('admin-school-select').innerText()).toContain('Skole A');

    // Another school's classes are its own.
    await pick(page, 'admin-school-select', 'Skole B');
    await page.getByText('Ingen klasser lagt til ennå').waitFor();

    // The Admin deletes the class; the platform window, back on Skole A, follows.
    await pick(page, 'admin-school-select', 'Skole A');
    await page.getByTestId('class-row').filter({ hasText: 'Plattformklasse' }).waitFor();
    await admin.getByTestId('class-row').filter({ hasText: 'Plattformklasse' }).getByRole('button', { name: 'Slett' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Slett' }).click();
    await waitForToast(admin, 'Klasse slettet');
    await page.getByText('Ingen klasser lagt til ennå').waitFor({ timeout: 5000 });
  });
});
