import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_END_TEXTS } from '#protocol/sessionEnd';
import { makeUser } from '../server/test/callers';
import type { FixtureUser } from '../server/test/fixtures';
import { writeMyReport } from '../server/test/reportWrites';
import { shoot, signInThroughForm, waitForToast } from './actions';
import { api, eveningE2E, openBoard, SHIFT_DAY, signIn } from './boardSupport';
import { PHONE } from './browser';

/**
 * Something changes under an open screen (issue 27): the person is told in Norwegian what happened,
 * and the screen either reloads all it shows or signs out to the sign-in page, which says why.
 */
const t = eveningE2E();
const { contexts } = t;

const platform = () => api(t.e.server.baseUrl, t.e.fx.platformAdmin);
const adminA = () => api(t.e.server.baseUrl, t.e.fx.a.admin);

/** Waits for the sign-in page with the notice saying why. */
async function signedOutWith(page: Page, text: string, login = '/login'): Promise<void> {
  await page.waitForURL((url) => url.pathname === login);
  const notice = page.getByTestId('signed-out-notice');
  await notice.waitFor();
  expect(await notice.innerText()).toBe(text);
}

async function board(user: FixtureUser, context?: BrowserContext): Promise<Page> {
  return openBoard(context ?? (await contexts.open(PHONE)), user);
}

describe('a screen left open while its account changes', () => {
  it('a supervisor moved to another school: signed out with the reason, and signed in again the board is the new school and works', async () => {
    const kari = await makeUser(t.e.fx.a.id, 'Tilsynsvakt');
    const page = await board(kari);
    // School B's labels differ from A's, so the reloaded board shows whose it is.
    const adminB = await api(t.e.server.baseUrl, t.e.fx.b.admin);
    const { version } = (await adminB.get<{ version: number }>(`/api/tasks-config/${t.e.fx.b.id}`)).body;
    const labels = ['1', '2', '3', '4', '5', '6'].map((id) => ({ id, label: `Skole B runde ${id}` }));
    expect((await adminB.put(`/api/tasks-config/${t.e.fx.b.id}`, { buttons: labels, baseVersion: version })).status).toBe(200);

    expect((await (await platform()).put(`/api/plattformadministrator/users/${kari.id}/transfer`, { schoolId: t.e.fx.b.id })).status).toBe(
      200,
    );
    // Issue 43: a move ends the session; signed in again, the board is the new school's.
    await signedOutWith(page, SESSION_END_TEXTS.transferred);
    await signInThroughForm(page, kari.email);
    await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
    await page.getByTestId('task-1').filter({ hasText: 'Skole B runde 1' }).waitFor();
    // Not a dead board: the report loads, and a round ticked is saved in the new school.
    await page.getByTestId('report-text').and(page.locator(':not([readonly])')).waitFor();
    await page.getByTestId('task-2').click();
    await waitForToast(page, 'Lagret');
    const rounds = (await adminB.get<{ rounds: Array<{ taskId: string; userId: string }> }>('/api/task-rounds')).body.rounds;
    expect(rounds).toContainEqual(expect.objectContaining({ taskId: '2', userId: kari.id }));
  });

  it('a supervisor deactivated, or deleted, is signed out to /login with the reason', async () => {
    const deactivated = await makeUser(t.e.fx.a.id, 'Tilsynsvakt');
    const deleted = await makeUser(t.e.fx.a.id, 'Tilsynsvakt');
    const one = await board(deactivated);
    const two = await board(deleted);
    expect((await (await adminA()).post(`/api/admin/users/${deactivated.id}/deactivate`)).status).toBe(200);
    expect((await (await adminA()).delete(`/api/admin/users/${deleted.id}`)).status).toBe(200);
    await signedOutWith(one, SESSION_END_TEXTS.deactivated);
    await signedOutWith(two, SESSION_END_TEXTS.deleted);
    await shoot(one, 'signed-out-deactivated-375');
  });

  it('a registration rejected while its writer waits: the sign-in page says it was turned down', async () => {
    const waiting = await makeUser(t.e.fx.a.id, 'Tilsynsvakt', 'pending');
    const page = await signIn(await contexts.open(PHONE), waiting, '/tilsynsvakt');
    await page.getByTestId('pending-screen').waitFor();
    expect((await (await adminA()).post(`/api/admin/users/${waiting.id}/reject`)).status).toBe(200);
    await signedOutWith(page, SESSION_END_TEXTS.rejected);
  });

  it('the password changed on another device: this one is signed out and told to use the new one', async () => {
    const user = await makeUser(t.e.fx.a.id, 'Tilsynsvakt');
    const page = await board(user);
    const elsewhere = await api(t.e.server.baseUrl, user);
    expect(
      (await elsewhere.put('/api/auth/change-password', { currentPassword: 'passord123', newPassword: 'nyttpassord456' })).status,
    ).toBe(200);
    await signedOutWith(page, SESSION_END_TEXTS.passwordChanged);
  });

  it('two minutes without activity: signed out, and the sign-in page says why', async () => {
    const page = await board(t.e.fx.a.supervisor);
    await page.clock.fastForward('02:05');
    await signedOutWith(page, SESSION_END_TEXTS.idle);
  });

  it('a report an admin deletes while it is open: its text stays, said to be unsaved, and can be saved again', async () => {
    const user = await makeUser(t.e.fx.a.id, 'Tilsynsvakt');
    const saved = (await writeMyReport(await api(t.e.server.baseUrl, user), SHIFT_DAY, 'Natten var rolig.')).body;
    const page = await board(user);
    await expect.poll(() => page.getByTestId('report-text').inputValue()).toBe('Natten var rolig.');
    expect((await (await adminA()).delete(`/api/reports/${saved.id}`)).status).toBe(200);
    await page.getByTestId('report-deleted-elsewhere').waitFor();
    expect(await page.getByTestId('report-text').inputValue()).toBe('Natten var rolig.');
    expect(await page.getByTestId('save-state').innerText()).toBe('Ikke lagret');
    await page.getByTestId('report-save').click();
    await waitForToast(page, 'Lagret');
    expect(await page.getByTestId('report-deleted-elsewhere').count()).toBe(0);
  });

  it('empty sign-in fields are named in Norwegian by the page, not by the browser', async () => {
    const page = await (await contexts.open(PHONE)).newPage();
    for (const login of ['/login', '/plattformadministrator-login']) {
      await page.goto(login);
      const submit = page.getByRole('button', { name: 'Logg inn', exact: true });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await waitForToast(page, 'Vennligst fyll ut alle feltene');
      // The browser's own bubble would have stopped the submit and left this empty.
      expect(await page.locator('form').evaluate((form) => (form as HTMLFormElement).noValidate)).toBe(true);
    }
  });

  it('a phone put away while its user was deactivated: opened again, the sign-in page says why, not only "not signed in"', async () => {
    const user = await makeUser(t.e.fx.a.id, 'Tilsynsvakt');
    const context = await contexts.open(PHONE);
    await (await board(user, context)).close();
    expect((await (await adminA()).post(`/api/admin/users/${user.id}/deactivate`)).status).toBe(200);
    const page = await context.newPage();
    await page.goto('/tilsynsvakt');
    // The form stands where the board was (as after the idle limit, issue 44), and says why.
    await expect.poll(() => page.getByTestId('signed-out-notice').innerText()).toBe(SESSION_END_TEXTS.deactivated);
    expect(await page.getByTestId('login-form').isVisible()).toBe(true);
    // Said once: the page opened again says nothing more.
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('signed-out-notice').count()).toBe(0);
  });

  it('a school switched off: its users are signed out with the reason, and it can be switched on again', async () => {
    const user = await makeUser(t.e.fx.b.id, 'Vaktmester');
    const page = await signIn(await contexts.open(PHONE), user, '/vaktmester');
    const school = await platform();
    expect((await school.put(`/api/plattformadministrator/schools/${t.e.fx.b.id}`, { active: false })).status).toBe(200);
    try {
      await signedOutWith(page, SESSION_END_TEXTS.schoolInactive);
    } finally {
      expect((await school.put(`/api/plattformadministrator/schools/${t.e.fx.b.id}`, { active: true })).status).toBe(200);
    }
  });
});
