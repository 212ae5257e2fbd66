import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '#protocol/time';
import { makeUser } from '../server/test/callers';
import { writeMyReport } from '../server/test/reportWrites';
import { shoot, waitForToast } from './actions';
import { api, eveningE2E, openBoard, SHIFT_DAY, signIn } from './boardSupport';
import { PHONE } from './browser';

/**
 * One thing written from two places at once (issue 27): the second writer is shown both versions
 * side by side and chooses; neither text is lost, on one supervisor's two devices, two admins
 * correcting one report, editing one trip, or the task labels.
 */
const t = eveningE2E();
const { contexts } = t;

const reportText = (page: Page) => page.getByTestId('report-text');
const storedReport = async () =>
  (await (await api(t.e.server.baseUrl, t.e.fx.a.supervisor)).get<{ content: string; version: number }>('/api/reports/my')).body;

describe('two devices of one supervisor', () => {
  it('the second save is shown both texts; keeping both saves them, and the first device follows', async () => {
    const phone = await openBoard(await contexts.open(PHONE), t.e.fx.a.supervisor);
    const pc = await openBoard(await contexts.open(), t.e.fx.a.supervisor);
    await reportText(pc).fill('Fra PC-en: rolig på rom 12.');

    await reportText(phone).fill('Fra telefonen: Per syk.');
    await phone.getByTestId('report-save').click();
    await waitForToast(phone, 'Lagret');
    // The PC keeps what was typed there while the phone's save arrives.
    expect(await reportText(pc).inputValue()).toBe('Fra PC-en: rolig på rom 12.');

    await pc.getByTestId('report-save').click();
    await waitForToast(pc, 'Rapporten er endret et annet sted');
    const conflict = pc.getByTestId('conflict');
    expect(await conflict.getByTestId('conflict-mine').innerText()).toBe('Fra PC-en: rolig på rom 12.');
    expect(await conflict.getByTestId('conflict-theirs').innerText()).toBe('Fra telefonen: Per syk.');
    // Read out and reachable at once: the panel's heading has the focus.
    expect(await pc.evaluate(() => document.activeElement?.textContent)).toBe('Rapporten er endret et annet sted');
    expect(await storedReport()).toMatchObject({ content: 'Fra telefonen: Per syk.' });
    await shoot(pc, 'report-conflict-1280');

    await conflict.getByTestId('conflict-keep-both').click();
    await waitForToast(pc, 'Lagret');
    // Both started from an empty text: the one line both wrote, the phone's then the PC's, each once.
    const both = 'Fra telefonen: Per syk.\nFra PC-en: rolig på rom 12.';
    expect(await storedReport()).toMatchObject({ content: both, version: 2 });
    expect(await reportText(pc).inputValue()).toBe(both);
    // The phone had nothing unsaved: it shows the text as saved.
    await expect.poll(() => reportText(phone).inputValue()).toBe(both);
    expect(await pc.getByTestId('conflict').count()).toBe(0);
  });

  it('on a phone the two texts stand one above the other, and "Behold min" saves this device’s text', async () => {
    const phone = await openBoard(await contexts.open(PHONE), t.e.fx.a.supervisor);
    await reportText(phone).fill('Min tekst fra telefonen.');
    // Saved from elsewhere while the phone was typing.
    const saved = await writeMyReport(await api(t.e.server.baseUrl, t.e.fx.a.supervisor), SHIFT_DAY, 'Lagret på PC-en.');
    expect(saved.status).toBe(200);
    await phone.getByTestId('report-save').click();
    await phone.getByTestId('conflict').waitFor();
    await shoot(phone, 'report-conflict-375');
    await phone.getByTestId('conflict-keep-mine').click();
    await waitForToast(phone, 'Lagret');
    expect(await storedReport()).toMatchObject({ content: 'Min tekst fra telefonen.' });
  });
});

describe('two admins', () => {
  it('correcting one report: the second is shown both, and keeps their own', async () => {
    const report = (await writeMyReport(await api(t.e.server.baseUrl, t.e.fx.a.supervisor), SHIFT_DAY, 'Originalen.')).body;
    const other = await makeUser(t.e.fx.a.id, 'Admin');
    const first = await signIn(await contexts.open(), t.e.fx.a.admin, '/admin');
    const second = await signIn(await contexts.open(PHONE), other, '/admin');
    for (const page of [first, second]) {
      await page.goto(`/rapport/${report.id}/rediger`);
      await page.getByTestId('report-edit-text').waitFor();
    }
    await first.getByTestId('report-edit-text').fill('Rettet av den første.');
    await first.getByTestId('save-report-edit').click();
    await waitForToast(first, 'Rapporten er oppdatert');

    await second.getByTestId('report-edit-text').fill('Rettet av den andre.');
    await second.getByTestId('save-report-edit').click();
    const conflict = second.getByTestId('conflict');
    await conflict.waitFor();
    expect(await conflict.getByTestId('conflict-theirs').innerText()).toBe('Rettet av den første.');
    expect(await conflict.getByTestId('conflict-mine').innerText()).toBe('Rettet av den andre.');
    await conflict.getByTestId('conflict-keep-mine').click();
    await waitForToast(second, 'Rapporten er oppdatert');
    expect((await storedReport()).content).toBe('Rettet av den andre.');
  });

  it('correcting different lines of one report: both corrections are kept, with no question', async () => {
    const report = (await writeMyReport(await api(t.e.server.baseUrl, t.e.fx.a.supervisor), SHIFT_DAY, 'Kl. 22: rolig.\nKl. 23: Per syk.'))
      .body;
    const other = await makeUser(t.e.fx.a.id, 'Admin');
    const first = await signIn(await contexts.open(), t.e.fx.a.admin, `/rapport/${report.id}/rediger`);
    const second = await signIn(await contexts.open(PHONE), other, `/rapport/${report.id}/rediger`);
    for (const page of [first, second]) await page.getByTestId('report-edit-text').waitFor();
    await first.getByTestId('report-edit-text').fill('Kl. 22: rolig, alle på rommene.\nKl. 23: Per syk.');
    await first.getByTestId('save-report-edit').click();
    await waitForToast(first, 'Rapporten er oppdatert');

    await second.getByTestId('report-edit-text').fill('Kl. 22: rolig.\nKl. 23: Per syk, foreldre ringt.');
    await second.getByTestId('save-report-edit').click();
    await waitForToast(second, 'Rapporten er oppdatert');
    expect(await second.getByTestId('conflict').count()).toBe(0);
    expect((await storedReport()).content).toBe('Kl. 22: rolig, alle på rommene.\nKl. 23: Per syk, foreldre ringt.');
  });

  it('editing one trip: the second is shown both and may take the one saved', async () => {
    const admin = await api(t.e.server.baseUrl, t.e.fx.a.admin);
    await admin.post('/api/away/add', { fromDate: SHIFT_DAY, toDate: addDays(SHIFT_DAY, 2), studentName: 'Åse' });
    const other = await makeUser(t.e.fx.a.id, 'Admin');
    const pages = [await signIn(await contexts.open(), t.e.fx.a.admin, '/admin'), await signIn(await contexts.open(), other, '/admin')];
    for (const page of pages) {
      await page.goto('/admin/reiser');
      await page.getByTestId('trip').filter({ hasText: 'Åse' }).getByRole('button', { name: 'Rediger' }).click();
      await page.getByTestId('trip-edit-dialog').waitFor();
    }
    const [first, second] = pages as [Page, Page];
    await first.getByTestId('trip-edit-name').fill('Bror');
    await first.getByTestId('trip-edit-name').press('Enter');
    await first.getByTestId('trip-edit-dialog').getByRole('button', { name: 'Lagre' }).click();
    await waitForToast(first, 'Reise oppdatert');

    await second.getByTestId('trip-edit-name').fill('Søster');
    await second.getByTestId('trip-edit-name').press('Enter');
    await second.getByTestId('trip-edit-dialog').getByRole('button', { name: 'Lagre' }).click();
    const conflict = second.getByTestId('conflict');
    await conflict.waitFor();
    expect(await conflict.getByTestId('conflict-theirs').innerText()).toContain('Elever: Åse, Bror');
    expect(await conflict.getByTestId('conflict-mine').innerText()).toContain('Elever: Åse, Søster');
    expect(await conflict.getByTestId('conflict-keep-both').count()).toBe(0);
    await shoot(second, 'trip-conflict-1280');
    await conflict.getByTestId('conflict-take-theirs').click();
    await second.getByTestId('trip-edit-dialog').waitFor({ state: 'detached' });
    const trips = (await admin.get<Array<{ studentNames: string[] }>>('/api/away/all')).body;
    expect(trips.find((t) => t.studentNames.includes('Åse'))!.studentNames).toEqual(['Åse', 'Bror']);
  });

  it('the task labels: the second is shown both and keeps their own', async () => {
    const other = await makeUser(t.e.fx.a.id, 'Admin');
    const pages = [await signIn(await contexts.open(), t.e.fx.a.admin, '/admin'), await signIn(await contexts.open(), other, '/admin')];
    for (const page of pages) {
      await page.goto('/admin/gjoremaal');
      await page.getByTestId('task-label-1').waitFor();
    }
    const [first, second] = pages as [Page, Page];
    await second.getByTestId('task-label-1').fill('Kveldsrunde fra den andre');
    await first.getByTestId('task-label-1').fill('Kveldsrunde fra den første');
    await first.getByTestId('save-task-labels').click();
    await waitForToast(first, 'Gjøremål oppdatert');

    // The second admin's form was touched: it keeps their text, and their save is refused.
    expect(await second.getByTestId('task-label-1').inputValue()).toBe('Kveldsrunde fra den andre');
    await second.getByTestId('save-task-labels').click();
    const conflict = second.getByTestId('conflict');
    await conflict.waitFor();
    expect(await conflict.getByTestId('conflict-theirs').innerText()).toContain('1. Kveldsrunde fra den første');
    expect(await conflict.getByTestId('conflict-mine').innerText()).toContain('1. Kveldsrunde fra den andre');
    await conflict.getByTestId('conflict-keep-mine').click();
    await waitForToast(second, 'Gjøremål oppdatert');
    const stored = (
      await (await api(t.e.server.baseUrl, t.e.fx.a.admin)).get<{ buttons: Array<{ label: string }> }>(`/api/tasks-config/${t.e.fx.a.id}`)
    ).body;
    expect(stored.buttons[0]!.label).toBe('Kveldsrunde fra den andre');
    // The first admin's untouched form follows live.
    await expect.poll(() => first.getByTestId('task-label-1').inputValue()).toBe('Kveldsrunde fra den andre');
  });
});
