import type { Page } from 'playwright-core';
import { PASSWORD } from '../server/test/fixtures';

export async function signInThroughForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Waits for a toast showing this text and returns everything it says (title and description). */
export async function waitForToast(page: Page, text: string): Promise<string> {
  const toast = page.getByTestId('toast').filter({ hasText: text }).last();
  await toast.waitFor({ state: 'visible' });
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}
