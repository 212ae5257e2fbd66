import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../server/test/callers';
import { shoot, waitForToast } from './actions';
import { api, eveningE2E, openBoard, SHIFT_DAY, signIn } from './boardSupport';
import { PHONE } from './browser';

/**
 * Off line nothing done is dropped (issue 27): a report saved, two rounds ticked and a case sent
 * with no network wait on the phone, visibly, through a reload, and arrive once each, in the order
 * they were made, when it is back on line; other people's screens show them live.
 */
const t = eveningE2E();
const { contexts } = t;

const writesOf = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth'))
      seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
};

describe('a phone off line', () => {
  it('a save, two ticks and a case wait on the phone through a reload, then arrive once, in order, live elsewhere', async () => {
    const kari = await makeUser(t.e.fx.a.id, 'Tilsynsvakt');
    const context = await contexts.open(PHONE);
    const page = await openBoard(context, kari);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await page.getByTestId('task-1').waitFor();
    // Someone else's screens, on line all along.
    const colleague = await openBoard(await contexts.open(), t.e.fx.a.supervisor);
    const caretaker = await signIn(await contexts.open(), t.e.fx.a.caretaker, '/vaktmester');

    await context.setOffline(true);
    await page.getByTestId('report-text').fill('Skrevet uten nett: Per har feber.');
    await page.getByTestId('report-save').click();
    expect(await waitForToast(page, 'Venter på nett')).toContain('Lagres når du er på nett igjen.');
    expect(await page.getByTestId('save-state').innerText()).toBe('Venter på nett');
    await page.getByTestId('task-1').click();
    await page.getByTestId('task-2').click();
    await expect.poll(() => page.getByTestId('task-2').getAttribute('data-state')).toBe('mine');
    expect(await page.getByTestId('ticks-waiting').innerText()).toBe('Venter på nett');
    await page.getByRole('button', { name: 'Sak' }).click();
    await page.getByTestId('case-room').fill('214');
    await page.getByTestId('case-description').fill('Vinduet står fast');
    await page.getByTestId('case-submit').click();
    await waitForToast(page, 'Saken venter på nett');
    expect(await page.getByTestId('waiting-cases').innerText()).toContain('214: Vinduet står fast');
    // Never 'Kunne ikke lagre' about something that will be sent.
    expect(await page.getByText('Kunne ikke').count()).toBe(0);

    // A reload off line: everything still waits, shown where it was made.
    // The rounds come from the device's copy of the board (issue 44), the waiting ticks on them.
    await page.reload();
    await page.getByTestId('report-text').waitFor();
    await expect.poll(() => page.getByTestId('report-text').inputValue()).toBe('Skrevet uten nett: Per har feber.');
    expect(await page.getByTestId('save-state').innerText()).toBe('Venter på nett');
    expect(await page.getByTestId('ticks-waiting').innerText()).toBe('Venter på nett');
    expect(await page.getByTestId('task-2').getAttribute('data-state')).toBe('mine');
    expect(await page.getByTestId('waiting-case').innerText()).toContain('214');
    await shoot(page, 'outbox-waiting-375');

    const sent = writesOf(page);
    await context.setOffline(false);

    await page.getByTestId('waiting-cases').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('Lagret');
    await page.getByTestId('ticks-waiting').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('task-2').getAttribute('data-state')).toBe('mine');
    // Sent once each, in the order they were made.
    expect(sent.slice(0, 4)).toEqual([
      'PUT /api/reports/my',
      'PUT /api/reports/my/tasks/1',
      'PUT /api/reports/my/tasks/2',
      'POST /api/maintenance-tasks/submit',
    ]);
    const server = await api(t.e.server.baseUrl, kari);
    expect((await server.get<{ content: string; completedTasks: string[] }>(`/api/reports/my?date=${SHIFT_DAY}`)).body).toMatchObject({
      content: 'Skrevet uten nett: Per har feber.',
      completedTasks: ['1', '2'],
    });
    const cases = (
      await (await api(t.e.server.baseUrl, t.e.fx.a.caretaker)).get<Array<{ roomNumber: string }>>('/api/maintenance-tasks?status=pending')
    ).body;
    expect(cases.filter((c) => c.roomNumber === '214')).toHaveLength(1);
    // Live on the others' screens.
    await caretaker.getByText('Vinduet står fast').waitFor();
    await colleague
      .getByTestId('task-1-rounds')
      .getByText(new RegExp(`^${kari.name.split(' ')[0]} \\d\\d:\\d\\d$`))
      .waitFor();
  });
});
