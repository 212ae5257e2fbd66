import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../server/test/fixtures';
import { makeUser } from '../server/test/callers';
import { TestClock } from '../server/test/testClock';
import { waitForToast } from './actions';
import { api, clockedContexts, EVENING, openBoard, SHIFT_DAY, signIn } from './boardSupport';
import { PHONE } from './browser';
import { startE2E, type E2E } from './harness';

/**
 * What changes live is told to a screen-reader user through one polite live region: a colleague's
 * round, a student added to the sick or away list, a new case, a user waiting for approval. The
 * user's own actions are not (they have their toast).
 */
const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);
beforeAll(async () => {
  e = await startE2E({ clock });
});
afterEach(() => contexts.reset());
afterAll(async () => e?.close());

const region = (page: Page) => page.getByTestId('live-announcer');
const said = (page: Page) => region(page).innerText();

describe('live announcements', () => {
  it('the region is a polite status, in the page from the start and empty', async () => {
    const page = await openBoard(await contexts.open(PHONE), e.fx.a.supervisor);
    expect(await region(page).getAttribute('role')).toBe('status');
    expect(await region(page).getAttribute('aria-live')).toBe('polite');
    expect(await said(page)).toBe('');
  });

  it("a colleague's round is announced on the board; one's own tick is not", async () => {
    const colleague = await makeUser(e.fx.a.id, 'Tilsynsvakt');
    const kari = await openBoard(await contexts.open(), e.fx.a.supervisor);
    const phone = await openBoard(await contexts.open(PHONE), colleague);

    await kari.getByTestId('task-3').click();
    await waitForToast(kari, 'Lagret');
    await expect.poll(() => said(phone)).toBe('Kari A har krysset av Tilsynsrunde internat');
    // The same broadcast reached Kari's board by now (her round listed as 'du'); her own tick is not read to her.
    await kari
      .getByTestId('task-3-rounds')
      .getByText(/^du \d\d:\d\d$/)
      .waitFor();
    expect(await said(kari)).toBe('');

    await phone.getByTestId('task-4').click();
    await expect.poll(() => said(kari)).toBe(`${colleague.name} har krysset av Tilsynsrunde hovedbygg`);
  });

  it('students and a class added by the office are announced on the board', async () => {
    const page = await openBoard(await contexts.open(PHONE), e.fx.a.supervisor);
    const office = await api(e.server.baseUrl, e.fx.a.admin);
    expect((await office.post('/api/sick/add', { date: SHIFT_DAY, name: 'Ola Nordmann', comment: 'Feber' })).status).toBe(200);
    await expect.poll(() => said(page)).toBe('Ola Nordmann er lagt til som syk');
    expect((await office.post('/api/away/add', { fromDate: SHIFT_DAY, toDate: SHIFT_DAY, studentName: 'Per Hansen' })).status).toBe(200);
    await expect.poll(() => said(page)).toBe('Per Hansen er lagt til som bortreist');
    const created = await office.post<{ id: string }>('/api/admin/classes', { className: '9B' });
    expect((await office.post('/api/away/classes', { fromDate: SHIFT_DAY, toDate: SHIFT_DAY, classIds: [created.body.id] })).status).toBe(
      200,
    );
    await expect.poll(() => said(page)).toBe('Klasse 9B er lagt til som bortreist');
  });

  it("a new case is announced on the caretaker's screen", async () => {
    const caretaker = await signIn(await contexts.open(PHONE), e.fx.a.caretaker, '/vaktmester');
    await caretaker.getByText('Ingen ventende oppgaver').waitFor();
    const supervisor = await api(e.server.baseUrl, e.fx.a.supervisor);
    expect((await supervisor.post('/api/maintenance-tasks/submit', { roomNumber: '12', description: 'Vindu' })).status).toBe(201);
    await expect.poll(() => said(caretaker)).toBe('Ny sak: 12');
  });

  it('a registration is announced to the admin wherever they are; the approval they make is not', async () => {
    const admin = await signIn(await contexts.open(PHONE), e.fx.a.admin, '/admin/brukere');
    await admin.getByTestId('pending-user').first().waitFor();
    const registered = await fetch(`${e.server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ schoolId: e.fx.a.id, name: 'Nora Ny', email: 'nora.ny@test.no', password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    await expect.poll(() => said(admin)).toBe('Nora Ny venter på godkjenning');

    const row = admin.getByTestId('pending-user').filter({ hasText: 'Nora Ny' });
    await row.getByRole('button', { name: 'Godkjenn' }).click();
    await waitForToast(admin, 'Bruker godkjent');
    // The next registration proves the approval itself put nothing in the region.
    await fetch(`${e.server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ schoolId: e.fx.a.id, name: 'Ola Ny', email: 'ola.ny@test.no', password: PASSWORD }),
    });
    await expect.poll(() => said(admin)).toBe('Ola Ny venter på godkjenning');
  });
});
