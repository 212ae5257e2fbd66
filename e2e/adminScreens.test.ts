import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dismissToast, shoot, signInPlatform, waitForToast } from './actions';
import { signInThroughApi } from './signIn';
import { DESKTOP, newContext, PHONE } from './browser';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => e?.close());

const widths = [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const;

/** Nothing sticks out sideways, then a screenshot for a person to look at. */

async function closeDialog(page: Page, role: 'dialog' | 'alertdialog'): Promise<void> {
  await page.getByRole(role).getByRole('button', { name: 'Avbryt' }).click();
  await page.getByRole(role).waitFor({ state: 'detached' });
}

async function openMenu(page: Page, row: string, name: string, trigger: string): Promise<void> {
  await page.getByTestId(row).filter({ hasText: name }).getByTestId(trigger).click();
  await page.getByRole('menu').waitFor();
}

describe('new screens and dialogs', () => {
  for (const [label, viewport] of widths) {
    it(`the admin's users and classes screens render at ${label} px`, async () => {
      const context = await newContext(e.browser, e.server.baseUrl, viewport);
      const page = await context.newPage();
      await signInThroughApi(page, e.fx.a.admin.email);
      await page.waitForURL('**/admin');

      await page.goto('/admin/brukere');
      await page.getByTestId('pending-user').first().waitFor();
      await shoot(page, `admin-users-pending-${label}`);
      await page.getByRole('tab', { name: 'Alle' }).click();
      await page.getByTestId('school-user').first().waitFor();
      await shoot(page, `admin-users-all-${label}`);
      await openMenu(page, 'school-user', 'Kari A', 'user-menu');
      await shoot(page, `admin-users-menu-${label}`);
      await page.getByRole('menuitem', { name: 'Slett bruker' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shoot(page, `admin-users-delete-${label}`);
      await closeDialog(page, 'alertdialog');

      await page.goto('/admin/klasser');
      await page.getByText('Ingen klasser lagt til ennå').waitFor();
      await shoot(page, `admin-classes-empty-${label}`);
      for (const name of ['8A', '9B', 'Idrettslinje 10C']) {
        await page.getByPlaceholder('Klassenavn...').fill(name);
        await page.getByPlaceholder('Klassenavn...').press('Enter');
        await page.getByTestId('class-row').filter({ hasText: name }).waitFor();
      }
      await waitForToast(page, 'Klasse lagt til');
      await shoot(page, `admin-classes-${label}`);
      await page.getByTestId('class-row').filter({ hasText: '8A' }).getByRole('button', { name: 'Slett' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shoot(page, `admin-classes-delete-${label}`);
      await closeDialog(page, 'alertdialog');

      // Leave the school as it was for the other width.
      await page.evaluate(async () => {
        const headers = { 'X-Requested-With': 'XMLHttpRequest' };
        const classes = (await (await fetch('/api/admin/classes')).json()) as Array<{ id: string }>;
        await Promise.all(classes.map((c) => fetch(`/api/admin/classes/${c.id}`, { method: 'DELETE', headers })));
      });
      await context.close();
    });

    it(`the platform screens and dialogs render at ${label} px`, async () => {
      const context = await newContext(e.browser, e.server.baseUrl, viewport);
      const page = await context.newPage();
      await signInPlatform(page, e.fx.platformAdmin.email);
      await page.getByTestId('school-list').waitFor();
      await dismissToast(page);
      await shoot(page, `platform-home-${label}`);

      await page.getByTestId('open-create-school').click();
      await page.getByTestId('create-school-dialog').waitFor();
      await shoot(page, `platform-create-school-${label}`);
      await closeDialog(page, 'dialog');

      await page.getByTestId('open-create-user').click();
      await page.getByTestId('create-user-dialog').waitFor();
      await shoot(page, `platform-create-user-${label}`);
      await closeDialog(page, 'dialog');

      const closed = page.getByTestId('school-card').filter({ hasText: 'Nedlagt skole' });
      await closed.getByTestId('delete-school').click();
      await page.getByRole('alertdialog').waitFor();
      await shoot(page, `platform-delete-school-${label}`);
      await closeDialog(page, 'alertdialog');

      await page.goto(`/plattformadministrator/schools/${e.fx.b.id}`);
      await page.getByTestId('platform-user-list').waitFor();
      await shoot(page, `platform-school-${label}`);
      await openMenu(page, 'platform-user', 'Kari B', 'platform-user-menu');
      await shoot(page, `platform-school-menu-${label}`);
      await page.getByRole('menuitem', { name: 'Flytt til annen skole' }).click();
      await page.getByTestId('transfer-dialog').waitFor();
      await shoot(page, `platform-transfer-${label}`);
      await closeDialog(page, 'dialog');
      await openMenu(page, 'platform-user', 'Kari B', 'platform-user-menu');
      await page.getByRole('menuitem', { name: 'Slett bruker' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shoot(page, `platform-delete-user-${label}`);
      await closeDialog(page, 'alertdialog');
      await page.getByTestId('open-create-user').click();
      await page.getByTestId('create-user-dialog').waitFor();
      await shoot(page, `platform-school-create-user-${label}`);
      await closeDialog(page, 'dialog');

      await page.goto('/admin/klasser');
      await page.getByText('Velg en skole for å administrere klassene.').waitFor();
      await shoot(page, `platform-classes-pick-${label}`);
      await page.getByTestId('admin-school-select').click();
      await page.getByRole('option', { name: 'Skole B', exact: true }).click();
      await page.getByText('Ingen klasser lagt til ennå').waitFor();
      await shoot(page, `platform-classes-${label}`);
      await context.close();
    });
  }
});
