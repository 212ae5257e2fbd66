import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_END_TEXTS } from '#protocol/sessionEnd';
import jsQR from 'jsqr';
import { TOTP, URI } from 'otpauth';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MIN_KONTO_PATH } from '#protocol/passkeys';
import { makeUser } from '../server/test/callers';
import { PASSWORD, type FixtureUser } from '../server/test/fixtures';
import { AuditModel } from '../server/src/features/audit/model';
import { School } from '../server/src/core/accounts/schoolModel';
import { shoot, waitForToast } from './actions';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, downloadedBytes } from './browser';
import { startE2E, type E2E } from './harness';
import { appCode } from './appCodes';
import { escapeToast, tabTo } from './keyboard';
import { proveByKeyboard } from './proof';

/**
 * An authenticator app as the second factor (issue 33) in Chromium, by keyboard: set up on Min
 * konto by scanning the QR code into an "app" (jsqr reads the screenshot, otpauth is the app), the
 * recovery codes shown once, to copy, print and download (issue 45); then
 * the password alone gives no session, the code does; a passkey needs no code; a recovery code
 * turns the app off. axe and screenshots at 375 and 1280 px.
 */
let e: E2E;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  e = await startE2E();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => e?.close());

const widths = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const;

const codeFor = (secret: string, ahead = 0) => appCode(e, secret, ahead);

/** What a phone's camera reads from the QR code on screen: the otpauth:// address. */
async function scanQrCode(page: Page): Promise<string> {
  const image = PNG.sync.read(await page.getByTestId('totp-qr').screenshot());
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!found) throw new Error('no QR code in the screenshot');
  return found.data;
}

async function pageOn(viewport: { width: number; height: number }): Promise<Page> {
  // localhost: the passkey part below needs a host name, not an IP address.
  const context = await e.browser.newContext({
    baseURL: e.server.baseUrl.replace('127.0.0.1', 'localhost'),
    viewport,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
  });
  contexts.push(context);
  return context.newPage();
}

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeViolations(page), what).toEqual([]);
}

async function passwordByKeyboard(page: Page, user: FixtureUser): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').focus();
  // The e-mail last used on this device may be filled in (issue 44): typed over, then on to the password past 'Ikke deg?'.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

describe('the authenticator app', () => {
  for (const [width, viewport] of widths) {
    it(`is set up on Min konto by keyboard, and then the password alone gives no session (${width} px)`, async () => {
      const user = await makeUser(e.fx.a.id, 'Admin');
      const page = await pageOn(viewport);
      await passwordByKeyboard(page, user);
      await page.waitForURL((url) => url.pathname === '/admin');
      // On a phone the greeting covers the bottom of the screen: cleared as a keyboard user does.
      await escapeToast(page, 'Du er nå logget inn');
      await page.getByRole('link', { name: /Min konto/ }).click();
      await page.waitForURL((url) => url.pathname === MIN_KONTO_PATH);
      await page.getByTestId('totp-off').waitFor();

      await tabTo(page, page.getByTestId('totp-begin'));
      await page.keyboard.press('Enter');
      // A session alone turns on no app (issue 43): the password first.
      await proveByKeyboard(page);
      // The app scans the code; the key below it is the same secret, for whoever types it.
      const app = URI.parse(await scanQrCode(page));
      if (!(app instanceof TOTP)) throw new Error('the QR code is not a TOTP address');
      const secret = app.secret.base32;
      expect((await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')).toBe(secret);
      expect(app.label).toBe(user.email);
      await expectNoAxeViolations(page, `set-up (${width})`);
      await shoot(page, `totp-setup-${width}`);
      // A wrong code first: its red toast goes once the right one is taken (issue 45).
      const rightCode = codeFor(secret);
      await tabTo(page, page.getByTestId('totp-confirm-code'));
      await page.keyboard.type(rightCode === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      await waitForToast(page, 'Kunne ikke slå på autentiseringsappen');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(codeFor(secret));
      await page.keyboard.press('Enter');

      const codes = page.getByTestId('totp-recovery-codes').locator('code');
      await codes.first().waitFor();
      await page.getByTestId('toast').waitFor({ state: 'detached' });
      expect(await codes.count()).toBe(10);
      const recovery = await codes.allInnerTexts();
      await expectNoAxeViolations(page, `recovery codes (${width})`);
      await shoot(page, `totp-recovery-${width}`);

      // Kept three ways, by keyboard: copied, downloaded as a .txt file, printed.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await tabTo(page, page.getByTestId('totp-recovery-copy'));
      await page.keyboard.press('Enter');
      await escapeToast(page, 'Teksten er kopiert');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain(user.email);
      for (const code of recovery) expect(copied).toContain(code);

      await tabTo(page, page.getByTestId('totp-recovery-download'));
      const downloading = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('tilsynsvakt-gjenopprettingskoder.txt');
      expect((await downloadedBytes(download)).toString('utf8')).toBe(copied);

      await page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'yes');
      });
      await tabTo(page, page.getByTestId('totp-recovery-print'), { back: true });
      await page.keyboard.press('Enter');
      expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');
      // On paper: the line and the codes, nothing else of the page.
      await page.emulateMedia({ media: 'print' });
      const sheet = page.getByTestId('totp-recovery-print-sheet');
      expect((await sheet.innerText()).split('\n').filter(Boolean)).toEqual([
        `Gjenopprettingskoder for Tilsynsvakt (${user.email}). Hver kode virker én gang, i stedet for en kode fra autentiseringsappen.`,
        ...recovery,
      ]);
      expect(await page.getByTestId('totp-recovery').isVisible()).toBe(false);
      expect(await page.getByTestId('logout-button').isVisible()).toBe(false);
      await shoot(page, `totp-recovery-print-${width}`);
      await page.emulateMedia({ media: 'screen' });

      await tabTo(page, page.getByTestId('totp-recovery-done'));
      await page.keyboard.press('Enter');
      await page.getByTestId('totp-on').waitFor();
      expect(await page.getByTestId('totp-on').innerText()).toContain('10 ubrukte');

      // The password alone: the code step, and no session.
      await page.getByTestId('logout-button').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await passwordByKeyboard(page, user);
      const step = page.getByTestId('login-code-form');
      await step.waitFor();
      // The step focuses the field it asks for (issue 45): the code is typed at once.
      await expect.poll(() => page.getByTestId('login-code').evaluate((input) => input === document.activeElement)).toBe(true);
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      await expectNoAxeViolations(page, `the code step (${width})`);
      await shoot(page, `totp-code-step-${width}`);

      // A wrong code is refused and said; the right one (the next step's, as a phone a little ahead) signs in.
      await page.keyboard.type(codeFor(secret) === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      expect(await waitForToast(page, 'Feil kode')).toContain('Innloggingsfeil');
      await escapeToast(page, 'Feil kode');
      await page.getByTestId('login-code').fill('');
      await tabTo(page, page.getByTestId('login-code'), { back: true });
      await page.keyboard.type(codeFor(secret, 1));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/admin');

      // Turned off after 'Bekreft at det er deg' with the password and a recovery code.
      await page.goto(MIN_KONTO_PATH);
      await tabTo(page, page.getByTestId('totp-turn-off'));
      await page.keyboard.press('Enter');
      await page.getByTestId('proof-code').waitFor();
      await expectNoAxeViolations(page, `the proof with the app on (${width})`);
      await shoot(page, `proof-dialog-code-${width}`);
      await proveByKeyboard(page, { code: recovery[0]! });
      await waitForToast(page, 'Autentiseringsapp slått av');
      await page.getByTestId('totp-off').waitFor();
      for (const action of ['user.totpEnabled', 'user.recoveryCodeUsed', 'user.totpDisabled']) {
        expect(await AuditModel.countDocuments({ targetId: user.id, action }), action).toBe(1);
      }
    });
  }

  it('asks no code of a passkey sign-in: the passkey is the second factor', async () => {
    const user = await makeUser(e.fx.a.id, 'Admin');
    const page = await pageOn(DESKTOP);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await passwordByKeyboard(page, user);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(MIN_KONTO_PATH);
    await page.getByTestId('totp-begin').click();
    await proveByKeyboard(page);
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    await page.getByTestId('totp-confirm-code').fill(codeFor(secret));
    await page.getByTestId('totp-confirm').click();
    await page.getByTestId('totp-recovery-done').click();
    await page.getByTestId('passkey-add').click();
    await waitForToast(page, 'Passnøkkel lagt til');

    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByTestId('passkey-signin').click();
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  it('is required of a school’s Admins by a switch on the Admin menu: the password alone is refused, a passkey or the code gets in, other roles are not asked', async () => {
    const school = e.fx.b;
    const admin = await makeUser(school.id, 'Admin');
    const other = await makeUser(school.id, 'Admin');
    const supervisor = await makeUser(school.id, 'Tilsynsvakt');
    const page = await pageOn(PHONE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await passwordByKeyboard(page, admin);
    await page.waitForURL((url) => url.pathname === '/admin');
    await escapeToast(page, 'Du er nå logget inn');
    const card = page.getByTestId('school-second-factor');
    const toggle = page.getByTestId('school-second-factor-switch');
    await card.waitFor();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // Without a factor of one's own, the switch says so and stays off.
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await waitForToast(page, 'Sett opp passnøkkel eller autentiseringsapp på Min konto først');
    await escapeToast(page, 'Min konto først');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await page.goto(MIN_KONTO_PATH);
    await page.getByTestId('passkey-add').click();
    await proveByKeyboard(page);
    await waitForToast(page, 'Passnøkkel lagt til');
    await page.goto('/admin');
    await toggle.waitFor();
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    // Issue 43: this session was the password alone, and the requirement now covers it: it ends,
    // the sign-in page says why, and the passkey gets back in.
    await page.waitForURL((url) => url.pathname === '/login');
    // The socket's reason, or the 401 of a read that got there first.
    const notice = page.getByTestId('signed-out-notice');
    if (await notice.isVisible())
      expect([SESSION_END_TEXTS.secondFactorRequired, SESSION_END_TEXTS.signedOutElsewhere]).toContain(await notice.innerText());
    await page.getByTestId('passkey-signin').click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    for (const [width, viewport] of widths) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the Admin menu with the requirement (${width})`);
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `second-factor-admin-menu-${width}`);
    }
    await page.setViewportSize(PHONE);

    try {
      // Another Admin of the school: the password alone is refused, and says what to do.
      await page.getByTestId('logout-button').click();
      await page.waitForURL((url) => url.pathname === '/login');
      await passwordByKeyboard(page, other);
      expect(await waitForToast(page, 'Skolen krever to-trinns innlogging for administratorer')).toContain('Be en annen administrator');
      expect(new URL(page.url()).pathname).toBe('/login');
      expect((await page.request.get('/api/auth/me')).status()).toBe(401);
      await shoot(page, 'second-factor-refused-375');

      // A Tilsynsvakt of the school is not asked.
      await passwordByKeyboard(page, supervisor);
      await page.waitForURL((url) => url.pathname === '/tilsynsvakt');
      await page.getByTestId('logout-button').click();
      await page.waitForURL((url) => url.pathname === '/login');

      // The Admin with a passkey: the password alone is refused too; the passkey gets in.
      await passwordByKeyboard(page, admin);
      await waitForToast(page, 'Logg inn med passnøkkel');
      await page.getByTestId('passkey-signin').click();
      await page.waitForURL((url) => url.pathname === '/admin');
    } finally {
      await School.updateOne({ _id: school.id }, { $set: { requireSecondFactor: false } });
    }
    expect(await AuditModel.countDocuments({ action: 'settings.secondFactorChanged', schoolId: school.id })).toBe(1);
  });
});
