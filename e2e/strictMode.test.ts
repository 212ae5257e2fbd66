import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureUser } from '../server/test/fixtures';
import { projectRoot } from '../server/src/projectRoot';
import { signInPlatform, signInThroughForm } from './actions';
import { api } from './boardSupport';
import { startE2E, pageOpener, type E2E } from './harness';
import { OFFICE_SCREENS } from './officeScreens';

/**
 * The app as developers run it: React's development build, where <StrictMode> runs every effect,
 * cleans it up and runs it again. Every screen must come through that with its data shown, its live
 * updates arriving once, and nothing in the console.
 */
const clientDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-dev-client-'));
let e: E2E;
const pages = pageOpener(() => e);

beforeAll(async () => {
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--config',
      'client/vite.config.ts',
      '--mode',
      'development',
      '--outDir',
      clientDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: projectRoot(),
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  );
  expect(build.status, build.stderr).toBe(0);
  e = await startE2E({ env: { CLIENT_DIR: clientDir } });
}, 180_000);
afterEach(() => pages.closeAll());
afterAll(async () => {
  await e?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/**
 * The live connection is opened, closed and opened again as its effect runs twice: what React
 * asks of an effect that connects ('connect, disconnect, connect' in development), and the browser
 * says so. Whether it ends as one connection is the last test's question.
 */
const STRICT_MODE_RECONNECT = /^WebSocket connection to '[^']+' failed: WebSocket is closed before the connection is established\.$/;

/** Everything the page said was wrong: console errors and warnings (React's among them) and uncaught errors. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.type() === 'warning' && STRICT_MODE_RECONNECT.test(message.text())) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Opens each screen and waits until it has its heading and has stopped loading. */
async function visitAll(page: Page, paths: string[]): Promise<void> {
  for (const screen of paths) {
    await page.goto(screen);
    await page.locator('h1').first().waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), { message: screen }).toBe(0);
  }
}

async function signedIn(user: FixtureUser, landing: string): Promise<{ page: Page; problems: string[] }> {
  const page = await pages.page();
  const problems = problemsOf(page);
  await signInThroughForm(page, user.email);
  await page.waitForURL((url) => url.pathname === landing);
  return { page, problems };
}

describe('in StrictMode (a development build)', () => {
  it('is React’s development build, so StrictMode does run every effect twice', async () => {
    const page = await pages.page();
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    // The page's own scripts and the modules they preload, as its document names them.
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]')].map((element) =>
        element instanceof HTMLScriptElement ? element.src : element.href,
      ),
    );
    const sources = await Promise.all(scripts.map(async (script) => (await fetch(script)).text()));
    // A frame name only React's development build has (the production build leaves it out).
    expect(sources.some((source) => source.includes('react_stack_bottom_frame'))).toBe(true);
  });

  it('every screen of the school office, the board and the caretaker shows its data, with nothing in the console', async () => {
    const { page, problems } = await signedIn(e.fx.a.admin, '/admin');
    await visitAll(page, [...OFFICE_SCREENS]);
    // Loaded data, not only a heading: the school's user waiting for approval.
    await page.goto('/admin/brukere');
    await page.getByTestId('pending-user').first().waitFor();
    expect(problems).toEqual([]);
  });

  it('the supervisor’s and the caretaker’s screens, and the platform’s, with nothing in the console', async () => {
    const supervisor = await signedIn(e.fx.a.supervisor, '/tilsynsvakt');
    await visitAll(supervisor.page, ['/tilsynsvakt', '/rapporter', '/change-password']);
    const caretaker = await signedIn(e.fx.a.caretaker, '/vaktmester');
    await visitAll(caretaker.page, ['/vaktmester', '/arkiv']);
    const platformPage = await pages.page();
    const platformProblems = problemsOf(platformPage);
    await signInPlatform(platformPage, e.fx.platformAdmin.email);
    await visitAll(platformPage, ['/plattformadministrator', `/plattformadministrator/schools/${e.fx.a.id}`]);
    expect([...supervisor.problems, ...caretaker.problems, ...platformProblems]).toEqual([]);
  });

  it('a live change reaches an open screen once, though every effect ran twice', async () => {
    const { page, problems } = await signedIn(e.fx.a.caretaker, '/vaktmester');
    await page.getByText('Ingen ventende oppgaver').waitFor();
    const supervisor = await api(e.server.baseUrl, e.fx.a.supervisor);
    expect((await supervisor.post('/api/maintenance-tasks/submit', { roomNumber: '12', description: 'Vindu' })).status).toBe(201);
    // Two listeners would say it twice: 'Ny sak: 12. Ny sak: 12'.
    await expect.poll(() => page.getByTestId('live-announcer').innerText()).toBe('Ny sak: 12');
    expect(await page.getByText('Vindu').count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
