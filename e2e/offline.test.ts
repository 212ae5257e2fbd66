import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../server/test/callers';
import { TestClock } from '../server/test/testClock';
import { api, clockedContexts, EVENING, openBoard, SHIFT_DAY } from './boardSupport';
import { DESKTOP, PHONE } from './browser';
import { startE2E, type E2E } from './harness';
import { shoot, signInThroughForm, wifiHole } from './actions';

/** Installable, the app shell offline, and the report typed offline saved once back on line (issue 13). */
const clock = new TestClock(EVENING, { ticking: true });
let e: E2E;
const contexts = clockedContexts(() => e, clock);
beforeAll(async () => {
  e = await startE2E({ clock });
});
afterEach(() => contexts.reset());
afterAll(async () => e?.close());

const OFFLINE = 'Du er frakoblet – endringer lagres når du er på nett igjen';
const banner = (page: Page) => page.getByTestId('offline-banner');

type Manifest = {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; purpose: string }>;
};

describe('the phone app', () => {
  it('has a Norwegian manifest whose icons load, and a service worker served uncached', async () => {
    const manifestResponse = await fetch(`${e.server.baseUrl}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as Manifest;
    expect(manifest).toMatchObject({
      short_name: 'Tilsynsvakt',
      lang: 'nb',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d4f91',
    });
    expect(manifest.name).toBe('Tilsynsvakt – Tilsynsportal for internatskoler');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await fetch(e.server.baseUrl + icon.src);
      expect(image.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await image.arrayBuffer());
      // A PNG's width and height, from its header.
      const view = new DataView(bytes.buffer);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
    }
    const worker = await fetch(`${e.server.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const page = await (await contexts.open()).newPage();
    await page.goto('/login');
    // Added once the first screen has loaded (registerServiceWorker.ts).
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('keeps the roll call and evacuation screens once installed, and the board’s first screen does not wait for them', async () => {
    const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
    const context = await contexts.open(PHONE);
    const fetchedByPage: string[] = [];
    context.on('request', (request) => {
      if (/\/assets\/(rollCallScreens|EvacuationPage)-/.test(request.url()) && !request.serviceWorker()) fetchedByPage.push(request.url());
    });
    // As on a phone's first visit: the worker is installed on the sign-in page, before anyone signs in.
    const page = await context.newPage();
    await page.goto('/login');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await signInThroughForm(page, user.email);
    await page.getByTestId('task-1').waitFor();
    expect(fetchedByPage).toEqual([]);

    // Never opened on line: the worker's install kept them (client/vite.offlineScreens.ts).
    await wifiHole(context, true);
    await page.getByTestId('roll-open').click();
    await page.getByTestId('roll-calls').waitFor();
    await page.goBack();
    await page.getByTestId('evacuation-open').click();
    await page.getByTestId('evacuation-start').waitFor();
  });

  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`the board opens offline, says so, keeps what is typed and saves it once on line again, at ${width} px`, async () => {
      const user = await makeUser(e.fx.a.id, 'Tilsynsvakt');
      const context = await contexts.open(viewport);
      const page = await openBoard(context, user);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // Once more on line, as after a day's use: every screen's files pass the worker and are kept.
      await page.reload();
      await page.getByTestId('task-1').waitFor();
      expect(await banner(page).innerText()).toBe('');

      await context.setOffline(true);
      await expect.poll(() => banner(page).innerText()).toBe(OFFLINE);
      await page.reload();
      await page.getByTestId('report-text').waitFor();
      await expect.poll(() => banner(page).innerText()).toBe(OFFLINE);
      const typed = `Kl. 23:10: alt rolig (${width}).`;
      await page.getByTestId('report-text').fill(typed);
      await shoot(page, `offline-board-${width}`);
      // At the very top of the page, in its flow (it covers nothing), and still in view once the page is scrolled.
      await page.evaluate(() => scrollTo(0, 0));
      expect(await banner(page).evaluate((element) => [element.getBoundingClientRect().top, getComputedStyle(element).position])).toEqual([
        0,
        'sticky',
      ]);
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      expect(await banner(page).evaluate((element) => element.getBoundingClientRect().top)).toBe(0);

      await context.setOffline(false);
      await expect.poll(() => banner(page).innerText()).toBe('');
      await expect
        .poll(
          async () =>
            (await (await api(e.server.baseUrl, user)).get<{ content: string }>(`/api/reports/my?date=${SHIFT_DAY}`)).body.content,
          {
            timeout: 15_000,
          },
        )
        .toBe(typed);
      await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('Lagret');
    });
  }
});
