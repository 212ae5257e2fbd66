import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dismissToast, markPage, readsOf, shoot, signInPlatform, waitForToast, wasReloaded } from './actions';
import { signIn, signInThroughApi } from './signIn';
import { DESKTOP, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';

let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

type Viewport = { width: number; height: number };
type Task = { id: string; roomNumber: string; description: string; status: string; completedByName: string | null };

const TIMESTAMP = /^\d{1,2}\. \p{L}+ \d{4} kl\. \d{2}:\d{2}$/u;

async function open(viewport: Viewport = DESKTOP): Promise<Page> {
  return pages.page(viewport);
}

/** Signs in (through the API) on `path`, opened straight away, and waits until it is there. */
async function signedIn(email: string, path: string, viewport: Viewport = DESKTOP): Promise<Page> {
  return signIn(await pages.context(viewport), { email }, path);
}

/** Signed in on `path`, opened straight away: the role's landing page unless a test names another. */
const caretaker = (viewport: Viewport = PHONE, path = '/vaktmester') => signedIn(e.fx.a.caretaker.email, path, viewport);
const admin = (viewport: Viewport = DESKTOP, path = '/admin') => signedIn(e.fx.a.admin.email, path, viewport);
const supervisor = () => signedIn(e.fx.a.supervisor.email, '/tilsynsvakt');

/** A REST call from inside the signed-in page, as the app would make it. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body },
  );
}

/** The supervisor's 'Send til vaktmester', as its REST call. */
async function submitCase(page: Page, roomNumber: string, description: string): Promise<Task> {
  const response = await call<Task>(page, 'POST', '/api/maintenance-tasks/submit', { roomNumber, description });
  expect(response.status).toBe(201);
  return response.body;
}

const card = (page: Page, text: string): Locator => page.getByTestId('task-card').filter({ hasText: text });
const pendingTab = (page: Page) => page.getByTestId('tab-pending').innerText();

async function createThroughDialog(page: Page, roomNumber: string, description: string, toastTitle: string): Promise<void> {
  await page.getByTestId('open-create-task').click();
  await page.getByTestId('create-task-dialog').waitFor();
  await page.getByTestId('task-room').fill(roomNumber);
  await page.getByTestId('task-description-input').fill(description);
  await page.getByTestId('create-task-submit').click();
  await waitForToast(page, toastTitle);
  await page.getByTestId('create-task-dialog').waitFor({ state: 'detached' });
}

describe('maintenance cases, live', () => {
  it("a supervisor's case appears on the caretaker's phone live, highlighted; completing it updates the admin and the archive", async () => {
    const phone = await caretaker(PHONE);
    await phone.getByText('Ingen ventende oppgaver').waitFor();
    await expect.poll(() => phone.title()).toBe('Vaktmester – Tilsynsvakt');
    expect(await phone.getByTestId('sound-toggle').getAttribute('aria-checked')).toBe('false');

    const adminPage = await admin(DESKTOP, '/admin/vedlikehold');
    await expect.poll(() => pendingTab(adminPage)).toBe('Ventende (0)');
    const archive = await admin(PHONE, '/arkiv');
    await archive.getByText('Ingen saker i arkivet').waitFor();
    const otherSchool = await signedIn(e.fx.b.caretaker.email, '/vaktmester', PHONE);
    await otherSchool.getByText('Ingen ventende oppgaver').waitFor();
    for (const page of [phone, adminPage, archive, otherSchool]) await markPage(page);

    const sender = await supervisor();
    const arrived = card(phone, 'Knust vindu på badet');
    // Live: the caretaker's phone asks the server for nothing; the case comes over its socket.
    // (How fast is the fan-out bench's to say, npm run bench:fanout, not a timed test's.)
    const asked = readsOf(phone);
    const [task] = await Promise.all([submitCase(sender, '12', 'Knust vindu på badet'), arrived.waitFor()]);
    expect(asked).toEqual([]);

    // It makes itself noticed: highlighted, marked 'Ny', and counted in the title.
    expect(await arrived.getAttribute('data-new')).toBe('');
    expect(await arrived.getByTestId('task-new').innerText()).toBe('Ny');
    expect(await arrived.innerText()).toContain('12');
    expect(await arrived.innerText()).toContain('Opprettet av Kari A');
    await expect.poll(() => phone.title()).toBe('(1) Vaktmester – Tilsynsvakt');
    await expect.poll(() => phone.getByTestId('live-announcer').innerText()).toBe('Ny sak: 12');
    await expect.poll(() => pendingTab(adminPage)).toBe('Ventende (1)');
    await card(adminPage, 'Knust vindu på badet').waitFor();

    await arrived.getByTestId('task-complete').click();
    await waitForToast(phone, 'Oppgave fullført og lagt i arkiv');
    await arrived.waitFor({ state: 'detached' });
    await phone.getByText('Ingen ventende oppgaver').waitFor();
    await expect.poll(() => phone.title()).toBe('Vaktmester – Tilsynsvakt');

    // Every other screen follows without a reload.
    await expect.poll(() => pendingTab(adminPage), { timeout: 5000 }).toBe('Ventende (0)');
    const archived = archive.getByTestId('archived-task').filter({ hasText: 'Knust vindu på badet' });
    await archived.waitFor({ timeout: 5000 });
    expect(await archived.getAttribute('data-status')).toBe('completed');
    expect(await archived.innerText()).toContain('Fullført av Vaktmester A');
    expect(await otherSchool.getByTestId('task-card').count()).toBe(0);
    for (const page of [phone, adminPage, archive, otherSchool]) expect(await wasReloaded(page)).toBe(false);

    // The archive's detail dialog: creator and completer with Norwegian timestamps.
    await archived.getByTestId('task-open').click();
    const detail = archive.getByTestId('task-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('task-status').innerText()).toBe('Fullført');
    expect(await detail.getByTestId('task-created-by').innerText()).toBe('Kari A');
    expect(await detail.getByTestId('task-closed-by').innerText()).toBe('Vaktmester A');
    expect(await detail.getByTestId('task-created-at').innerText()).toMatch(TIMESTAMP);
    expect(await detail.getByTestId('task-closed-at').innerText()).toMatch(TIMESTAMP);
    expect(await detail.getByRole('button', { name: 'Slett permanent' }).isVisible()).toBe(true);
    expect(task.status).toBe('pending');
  });

  it('two caretakers press Fullfør on the same task at once: one succeeds, the other is told why', async () => {
    const first = await caretaker(PHONE);
    const second = await caretaker(DESKTOP);
    const sender = await supervisor();
    const task = await submitCase(sender, '204', 'Dusjen renner ikke av');
    await card(first, 'Dusjen renner ikke av').waitFor();
    await card(second, 'Dusjen renner ikke av').waitFor();

    // Both requests are held until both have left the browsers, so they reach the server together.
    let held = 0;
    let releaseBoth!: () => void;
    const bothSent = new Promise<void>((resolve) => (releaseBoth = resolve));
    for (const page of [first, second]) {
      await page.route(`**/api/maintenance-tasks/${task.id}/complete?**`, async (route) => {
        held += 1;
        if (held === 2) releaseBoth();
        await bothSent;
        await route.continue();
      });
    }
    await Promise.all([first, second].map((page) => card(page, 'Dusjen renner ikke av').getByTestId('task-complete').click()));

    const toasts = await Promise.all(
      [first, second].map(async (page) => {
        const shown = page.getByTestId('toast').first();
        await shown.waitFor();
        return (await shown.innerText()).replace(/\s+/g, ' ').replace(/×/g, '').trim();
      }),
    );
    expect(toasts.sort()).toEqual(['Kunne ikke fullføre oppgave Saken er allerede fullført', 'Oppgave fullført og lagt i arkiv']);
    for (const page of [first, second]) await card(page, 'Dusjen renner ikke av').waitFor({ state: 'detached' });

    const completed = await call<Task[]>(first, 'GET', '/api/maintenance-tasks?status=completed');
    expect(completed.body.filter((t) => t.id === task.id)).toHaveLength(1);
  });

  it('the create dialog requires room number and description; tasks sort by room number; reject and delete', async () => {
    const page = await admin(DESKTOP, '/admin/vedlikehold');
    await page.getByTestId('maintenance-page').waitFor();
    expect(await page.getByRole('heading', { name: 'Vedlikehold' }).isVisible()).toBe(true);
    expect(await page.getByTestId('greeting').innerText()).toBe('Hei, Admin A');
    expect(await page.getByTestId('header-back').getAttribute('href')).toBe('/admin/meny');
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Vaktmester', 'Ventende (0)', 'Arkiv']);

    await page.getByTestId('open-create-task').click();
    const dialog = page.getByTestId('create-task-dialog');
    await dialog.waitFor();
    await page.getByTestId('create-task-submit').click();
    await dialog.getByText('Romnummer er påkrevd').waitFor();
    await dialog.getByText('Beskrivelse er påkrevd').waitFor();
    await page.getByTestId('task-room').fill('   ');
    await page.getByTestId('task-description-input').fill('Lyspære gått');
    await page.getByTestId('create-task-submit').click();
    await dialog.getByText('Romnummer er påkrevd').waitFor();
    expect(await dialog.getByText('Beskrivelse er påkrevd').count()).toBe(0);
    await page.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('task-card').count()).toBe(0);

    const long = 'Vinduet i gangen lukker seg ikke ordentlig, det trekker kaldt inn og karmen ser råtten ut. '.repeat(4).trim();
    await createThroughDialog(page, '10', 'Lyspære gått i taket', 'Oppgave opprettet');
    await createThroughDialog(page, ' 2 ', long, 'Oppgave opprettet');
    await createThroughDialog(page, '1B', 'Dørhåndtaket er løst', 'Oppgave opprettet');
    const rooms = async () => (await page.getByTestId('task-card').locator('.task-room').allInnerTexts()).map((t) => t.trim());
    await expect.poll(rooms).toEqual(['1B', '2', '10']);
    expect(await pendingTab(page)).toBe('Ventende (3)');
    // My own new tasks are no news to me.
    expect(await page.locator('.task-card[data-new]').count()).toBe(0);

    // Descriptions are clamped to two lines in the cards, and whole in the dialog.
    const description = card(page, long.slice(0, 40)).getByTestId('task-description');
    const lines = await description.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    expect(Math.round(lines)).toBe(2);

    await page.getByTestId('tab-pending').click();
    const rows = page.getByTestId('pending-task');
    await expect.poll(() => rows.locator('.task-room').allInnerTexts()).toEqual(['1B', '2', '10']);
    await rows
      .filter({ hasText: long.slice(0, 40) })
      .getByTestId('task-open')
      .click();
    const detail = page.getByTestId('task-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('task-detail-description').innerText()).toBe(long);
    expect(await detail.getByTestId('task-created-by').innerText()).toBe('Admin A');
    expect(await detail.getByTestId('task-created-at').innerText()).toMatch(TIMESTAMP);
    await detail.getByTestId('detail-reject').click();
    await page.getByTestId('reject-dialog').waitFor();
    await page.getByTestId('reject-submit').click();
    await waitForToast(page, 'Oppgave avslått og flyttet til arkiv');
    await detail.waitFor({ state: 'detached' });
    await expect.poll(() => pendingTab(page)).toBe('Ventende (2)');

    // Deleting a pending task asks first.
    await page.getByTestId('tab-caretaker').click();
    await card(page, 'Dørhåndtaket er løst').getByTestId('task-delete').click();
    await page.getByTestId('delete-task-dialog').waitFor();
    await page.getByTestId('confirm-button').click();
    await waitForToast(page, 'Oppgave slettet');
    await card(page, 'Dørhåndtaket er løst').waitFor({ state: 'detached' });
    await expect.poll(() => pendingTab(page)).toBe('Ventende (1)');

    // The archive: newest action first, coloured by status; 'Slett permanent' deletes for good.
    await page.getByTestId('tab-archive').click();
    await page.getByTestId('open-archive').click();
    await page.waitForURL('**/arkiv');
    // The URL changes a moment before the archive replaces the maintenance page and its header.
    await page.getByTestId('archive-page').waitFor();
    expect(await page.getByTestId('header-back').getAttribute('href')).toBe('/admin');
    const archived = page.getByTestId('archived-task');
    await archived.first().waitFor();
    expect(await archived.first().getAttribute('data-status')).toBe('rejected');
    expect(await archived.first().innerText()).toContain('Avslått av Admin A');
    await archived.first().getByTestId('task-open').click();
    await page.getByTestId('task-detail').getByTestId('task-closed-at').waitFor();
    expect(await page.getByTestId('task-detail').getByTestId('task-closed-at').innerText()).toMatch(TIMESTAMP);
    await page.getByTestId('detail-delete').click();
    await page.getByTestId('delete-task-dialog').waitFor();
    await page.getByTestId('confirm-button').click();
    await waitForToast(page, 'Oppgave slettet permanent');
    await page.getByTestId('task-detail').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="archived-task"][data-status="rejected"]').count()).toBe(0);
  });

  it("the caretaker's own page: create, details with 'Fullfør', back from the archive to /vaktmester", async () => {
    const phone = await caretaker(PHONE);
    expect(await phone.getByTestId('change-password-link').getAttribute('href')).toBe('/change-password');
    await createThroughDialog(phone, '3', 'Radiatoren er kald', 'Oppgave opprettet');
    const created = card(phone, 'Radiatoren er kald');
    await created.waitFor();
    expect(await created.getAttribute('data-new')).toBeNull();

    await created.getByTestId('task-open').click();
    await phone.getByTestId('task-detail').waitFor();
    await phone.getByTestId('task-detail').getByRole('button', { name: 'Fullfør' }).click();
    await waitForToast(phone, 'Oppgave fullført og lagt i arkiv');
    await phone.getByTestId('task-detail').waitFor({ state: 'detached' });
    await created.waitFor({ state: 'detached' });

    await phone.getByTestId('archive-link').click();
    await phone.waitForURL('**/arkiv');
    await phone.getByTestId('archived-task').filter({ hasText: 'Radiatoren er kald' }).waitFor();
    expect(await phone.getByTestId('header-back').getAttribute('href')).toBe('/vaktmester');
  });

  it('the Plattformadministrator picks a school and sees only its cases, live', async () => {
    const page = await open(DESKTOP);
    await signInPlatform(page, e.fx.platformAdmin.email);
    await dismissToast(page);
    await page.goto('/vaktmester');
    await page.getByText('Velg en skole for å se sakene.').waitFor();
    await page.getByTestId('admin-school-select').click();
    await page.getByRole('option', { name: 'Skole A', exact: true }).click();
    await page.getByTestId('caretaker-tasks').or(page.getByText('Ingen ventende oppgaver')).waitFor();

    const senderB = await signedIn(e.fx.b.supervisor.email, '/tilsynsvakt');
    const fromB = await submitCase(senderB, '99', 'Skole B sin sak');
    const senderA = await supervisor();
    await submitCase(senderA, '98', 'Skole A sin sak');
    const fromA = card(page, 'Skole A sin sak');
    await fromA.waitFor({ timeout: 5000 });
    expect(await fromA.getAttribute('data-new')).toBe('');
    expect(await card(page, 'Skole B sin sak').count()).toBe(0);
    await fromA.getByTestId('task-delete').click();
    await page.getByTestId('confirm-button').click();
    await waitForToast(page, 'Oppgave slettet');
    await fromA.waitFor({ state: 'detached' });
    // School B stays empty for the screenshots.
    expect((await call(page, 'DELETE', `/api/maintenance-tasks/${fromB.id}?schoolId=${e.fx.b.id}`)).status).toBe(200);
  });

  it('a new case is silent unless the caretaker turns the sound on; the choice is remembered', async () => {
    const phone = await open(PHONE);
    // Counts the notes the page plays instead of making noise.
    await phone.addInitScript(() => {
      const w = window as unknown as { __notes: number; AudioContext: unknown };
      w.__notes = 0;
      const node = { connect: (next: unknown) => next };
      w.AudioContext = class {
        state = 'running';
        currentTime = 0;
        destination = {};
        resume = () => Promise.resolve();
        createGain = () => ({ ...node, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } });
        createOscillator = () => ({ ...node, type: '', frequency: { value: 0 }, start: () => (w.__notes += 1), stop() {} });
      };
    });
    const notes = () => phone.evaluate(() => (window as unknown as { __notes: number }).__notes);
    await signInThroughApi(phone, e.fx.a.caretaker.email);
    await phone.waitForURL('**/vaktmester');
    const sender = await supervisor();

    const quiet = await submitCase(sender, '401', 'Stille sak');
    await card(phone, 'Stille sak').waitFor();
    expect(await notes()).toBe(0);

    await phone.getByTestId('sound-toggle').click();
    await phone.reload();
    await card(phone, 'Stille sak').waitFor();
    expect(await phone.getByTestId('sound-toggle').getAttribute('aria-checked')).toBe('true');
    const loud = await submitCase(sender, '402', 'Sak med lyd');
    await card(phone, 'Sak med lyd').waitFor();
    await expect.poll(notes).toBe(2);

    await phone.getByTestId('sound-toggle').click();
    for (const task of [quiet, loud]) await call(phone, 'DELETE', `/api/maintenance-tasks/${task.id}`);
    await card(phone, 'Sak med lyd').waitFor({ state: 'detached' });
  });

  it('other roles see the access texts', async () => {
    const page = await supervisor();
    const expected: Array<[string, string]> = [
      ['/vaktmester', 'Du har ikke tilgang til vaktmestersiden.'],
      ['/admin/vedlikehold', 'Du har ikke tilgang til vedlikeholdsstyring.'],
      ['/arkiv', 'Du har ikke tilgang til arkivet.'],
    ];
    for (const [path, text] of expected) {
      await page.goto(path);
      const screen = page.getByTestId('no-access');
      await screen.waitFor();
      expect(await screen.getByRole('heading').innerText()).toBe('Ingen tilgang');
      expect(await screen.getByText(text).isVisible()).toBe(true);
    }
    const caretakerPage = await caretaker(DESKTOP, '/admin/vedlikehold');
    await caretakerPage.getByText('Du har ikke tilgang til vedlikeholdsstyring.').waitFor();
    const adminPage = await admin(DESKTOP, '/vaktmester');
    await adminPage.getByText('Du har ikke tilgang til vaktmestersiden.').waitFor();
  });
});

/** Nothing sticks out sideways, then a screenshot for a person to look at. */

describe('maintenance screens', () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`render at ${label} px`, async () => {
      // School B has no tasks at the start (the tests above clean up after themselves): empty states first.
      const page = await signedIn(e.fx.b.caretaker.email, '/vaktmester', viewport);
      for (const task of (await call<Task[]>(page, 'GET', '/api/maintenance-tasks')).body) {
        await call(page, 'DELETE', `/api/maintenance-tasks/${task.id}`);
      }
      await page.getByText('Ingen ventende oppgaver').waitFor();
      await shoot(page, `caretaker-empty-${label}`);

      const sender = await signedIn(e.fx.b.supervisor.email, '/tilsynsvakt');
      const suffix = ` (${label})`;
      const cases: Array<[string, string]> = [
        ['214', 'Vasken på rommet er tett og vannet renner sakte. Beboeren har prøvd Plumbo uten hell, og det lukter vondt.'],
        ['3', 'Taklampen blinker'],
        ['Gymsal', 'Nettet i basketkurven er revet'],
      ];
      for (const [room, text] of cases) {
        await submitCase(sender, room, text + suffix);
      }
      await card(page, `Nettet i basketkurven er revet${suffix}`).waitFor();
      await dismissToast(page);
      await shoot(page, `caretaker-new-cases-${label}`);

      await card(page, `Taklampen blinker${suffix}`).getByTestId('task-open').click();
      await page.getByTestId('task-detail').waitFor();
      await shoot(page, `caretaker-detail-${label}`);
      await page.getByTestId('detail-delete').click();
      await page.getByTestId('delete-task-dialog').waitFor();
      await shoot(page, `caretaker-delete-${label}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Avbryt' }).click();
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      // Each dialog gives focus back to what opened it: the confirmation to 'Slett', the detail to its card.
      const isFocused = (element: HTMLElement) => element === document.activeElement;
      // Radix gives focus back once the closing dialog has gone: wait for it rather than read it at once.
      await expect.poll(() => page.getByTestId('detail-delete').evaluate(isFocused)).toBe(true);
      await page.getByRole('button', { name: 'Lukk' }).click();
      await page.getByTestId('task-detail').waitFor({ state: 'detached' });
      await expect.poll(() => card(page, `Taklampen blinker${suffix}`).getByTestId('task-open').evaluate(isFocused)).toBe(true);

      await page.getByTestId('open-create-task').click();
      await page.getByTestId('create-task-submit').click();
      await page.getByText('Beskrivelse er påkrevd').waitFor();
      await shoot(page, `caretaker-create-errors-${label}`);
      await page.getByRole('button', { name: 'Avbryt' }).click();
      await page.getByTestId('create-task-dialog').waitFor({ state: 'detached' });

      await card(page, `Taklampen blinker${suffix}`).getByTestId('task-complete').click();
      await waitForToast(page, 'Oppgave fullført og lagt i arkiv');
      await card(page, `Taklampen blinker${suffix}`).waitFor({ state: 'detached' });
      // On a phone the toast sits over the lower cards for 5 s; the caretaker swipes it away.
      await dismissToast(page);
      await card(page, `Nettet i basketkurven er revet${suffix}`).getByTestId('task-reject').click();
      await page.getByTestId('reject-dialog').waitFor();
      await page.getByTestId('reject-reason').fill('Kurven byttes etter jul');
      await shoot(page, `caretaker-reject-reason-${label}`);
      await page.getByTestId('reject-submit').click();
      await waitForToast(page, 'Oppgave avslått og flyttet til arkiv');
      await shoot(page, `caretaker-toast-${label}`);
      await dismissToast(page);

      await page.getByTestId('archive-link').click();
      await page.getByTestId('archived-task').nth(1).waitFor();
      await shoot(page, `archive-${label}`);
      await page.getByTestId('archived-task').first().getByTestId('task-open').click();
      await page.getByTestId('task-detail').waitFor();
      await shoot(page, `archive-detail-${label}`);
      await page.getByTestId('detail-delete').click();
      await page.getByTestId('delete-task-dialog').waitFor();
      await shoot(page, `archive-delete-${label}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Avbryt' }).click();

      const adminPage = await signedIn(e.fx.b.admin.email, '/admin/vedlikehold', viewport);
      await card(adminPage, 'Vasken på rommet er tett').waitFor();
      await shoot(adminPage, `admin-maintenance-caretaker-${label}`);
      await adminPage.getByTestId('tab-pending').click();
      await adminPage.getByTestId('pending-task').first().waitFor();
      await shoot(adminPage, `admin-maintenance-pending-${label}`);
      await adminPage.getByTestId('pending-task').first().getByTestId('task-open').click();
      await adminPage.getByTestId('task-detail').waitFor();
      await shoot(adminPage, `admin-maintenance-detail-${label}`);
      await adminPage.getByRole('button', { name: 'Lukk' }).click();
      await adminPage.getByTestId('tab-archive').click();
      await adminPage.getByTestId('open-archive').waitFor();
      await shoot(adminPage, `admin-maintenance-archive-tab-${label}`);
      await adminPage.getByTestId('open-create-task').click();
      await adminPage.getByTestId('create-task-dialog').waitFor();
      await shoot(adminPage, `admin-maintenance-create-${label}`);
      await adminPage.getByRole('button', { name: 'Avbryt' }).click();

      const denied = await signedIn(e.fx.b.supervisor.email, '/vaktmester', viewport);
      await denied.getByTestId('no-access').waitFor();
      await shoot(denied, `caretaker-no-access-${label}`);
    });
  }
});
