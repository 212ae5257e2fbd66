import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD } from '../server/test/fixtures';
import { tabTo } from './keyboard';

/**
 * 'Bekreft at det er deg' by keyboard (issue 43): the dialog a factor change opens when the session
 * has no fresh proof. Focus starts in the password field; Enter sends it.
 */
export async function proveByKeyboard(page: Page, options: { password?: string; code?: string } = {}): Promise<void> {
  const dialog = page.getByTestId('proof-dialog');
  await dialog.waitFor();
  const password = dialog.getByTestId('proof-password');
  await expect.poll(() => password.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(options.password ?? PASSWORD);
  if (options.code !== undefined) {
    await tabTo(page, dialog.getByTestId('proof-code'));
    await page.keyboard.type(options.code);
  }
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

/** The same with 'Bruk passnøkkel' (the browser's virtual authenticator answers). */
export async function proveWithPasskeyByKeyboard(page: Page): Promise<void> {
  const dialog = page.getByTestId('proof-dialog');
  await dialog.waitFor();
  await tabTo(page, dialog.getByTestId('proof-passkey'));
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}
