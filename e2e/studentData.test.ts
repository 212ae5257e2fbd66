import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportDay } from '#protocol/time';
import { writeMyReport } from '../server/test/reportWrites';
import { signedIn } from '../server/test/sessions';
import { shoot, signInPlatform, waitForToast } from './actions';
import { signInThroughApi } from './signIn';
import { DESKTOP, downloadedBytes, PHONE } from './browser';
import { pageOpener, startE2E, type E2E } from './harness';

const OLA = 'Ola Nordmann';
let e: E2E;
const pages = pageOpener(() => e);
beforeAll(async () => {
  e = await startE2E();
  const admin = await signedIn(e.server.baseUrl, e.fx.a.admin);
  await admin.post('/api/sick/add', { date: '2026-10-01', name: OLA, comment: 'Feber' });
  await admin.post('/api/sick/add', { date: '2026-10-01', name: 'Kari', comment: '' });
  await admin.post('/api/away/add', { fromDate: '2026-12-01', toDate: '2026-12-03', studentName: OLA });
});
afterEach(() => pages.closeAll());
afterAll(async () => e?.close());

describe('/admin/elevopplysninger: a parent asks what is stored about their child, and to erase it', () => {
  it('an Admin finds it through the menu, downloads it whole and erases it', async () => {
    const page = await pages.page(PHONE);
    await signInThroughApi(page, e.fx.a.admin.email);
    await page.waitForURL('**/admin');
    await page.getByRole('link', { name: /Elevopplysninger/ }).click();
    await page.getByTestId('student-search').waitFor();

    // An empty name is explained, not sent.
    await page.getByTestId('student-show').click();
    await page.getByText('Navn må fylles ut').waitFor();

    await page.getByTestId('student-name').fill(OLA);
    await page.getByTestId('student-show').click();
    await page.getByTestId('student-data').waitFor();
    expect(await page.getByRole('heading', { name: `Opplysninger om ${OLA}` }).isVisible()).toBe(true);
    expect(await page.getByTestId('student-sick').innerText()).toBe('1. oktober 2026: Feber');
    expect(await page.getByTestId('student-trips').innerText()).toBe('1. desember 2026 til 3. desember 2026');
    await shoot(page, 'student-data-375');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('student-download').click()]);
    const file = JSON.parse((await downloadedBytes(download)).toString('utf8')) as { name: string; sick: unknown[]; trips: unknown[] };
    expect(file.name).toBe(OLA);
    expect(file.sick).toEqual([{ date: '2026-10-01', comment: 'Feber' }]);
    expect(file.trips).toEqual([{ fromDate: '2026-12-01', toDate: '2026-12-03' }]);

    await page.getByTestId('student-erase').click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain(`Er du sikker på at du vil slette alle opplysninger om ${OLA}? Dette kan ikke angres.`);
    await confirm.getByRole('button', { name: 'Slett' }).click();
    await waitForToast(page, 'Opplysningene er slettet');
    await expect.poll(() => page.getByTestId('student-data').innerText()).toContain('Syk (0)');
    expect(await page.getByTestId('student-data').innerText()).toContain('Reiser (0)');

    // Kari, on the same list, is still there.
    const sick = await (await signedIn(e.server.baseUrl, e.fx.a.admin)).get<{ names: string[] }>('/api/sick?date=2026-10-01');
    expect(sick.body.names).toEqual(['Kari']);
  });

  it('the Plattformadministrator picks the school first; at 1280 px', async () => {
    const page = await pages.page(DESKTOP);
    await signInPlatform(page, e.fx.platformAdmin.email);
    await page.goto('/admin/elevopplysninger');
    await page.getByText('Velg en skole for å finne opplysninger om en elev.').waitFor();
    await shoot(page, 'student-data-pick-1280');
  });

  it('earlier saved versions of a report that named the student are listed, and the erasure takes the name out of them', async () => {
    const name = 'Sofie Berg';
    const supervisor = await signedIn(e.server.baseUrl, e.fx.a.supervisor);
    const today = reportDay(new Date());
    expect((await writeMyReport(supervisor, today, `${name} hadde vondt i magen kl. 22.`)).status).toBe(200);
    // Corrected later: the report no longer names her, the earlier version still does.
    expect((await writeMyReport(supervisor, today, 'En elev hadde vondt i magen kl. 22.')).status).toBe(200);

    const page = await pages.page(DESKTOP);
    await signInThroughApi(page, e.fx.a.admin.email);
    await page.goto('/admin/elevopplysninger');
    await page.getByTestId('student-name').fill(name);
    await page.keyboard.press('Enter');
    const versions = page.getByTestId('student-report-versions');
    await versions.waitFor();
    expect(await versions.innerText()).toMatch(
      new RegExp(`versjon 1 \\(lagret av ${e.fx.a.supervisor.name}\\): ${name} hadde vondt i magen kl\\. 22\\.$`),
    );
    expect(await page.getByTestId('student-data').innerText()).toContain('Rapporter der navnet står i teksten (0)');
    await shoot(page, 'student-data-versions-1280');

    await page.getByTestId('student-erase').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Slett' }).click();
    expect(await waitForToast(page, 'Opplysningene er slettet')).toContain('Navnet er tatt ut av 1 tidligere lagret versjon av rapporter.');
    await expect
      .poll(() => page.getByTestId('student-data').innerText())
      .toContain('Tidligere lagrede versjoner av rapporter der navnet står (0)');
  });
});
