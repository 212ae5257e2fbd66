import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../server/test/callers';
import { signedIn } from '../server/test/sessions';
import { shoot } from './actions';
import { signInThroughApi } from './signIn';
import { DESKTOP, newContext, PHONE } from './browser';
import { startE2E, type E2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  const admin = await signedIn(e.server.baseUrl, e.fx.a.admin);
  const colleague = await makeUser(e.fx.a.id, 'Tilsynsvakt');
  await admin.post(`/api/admin/users/${e.fx.a.pending.id}/approve`);
  await admin.put(`/api/admin/users/${colleague.id}/role`, { role: 'Vaktmester' });
});
afterAll(async () => e?.close());

describe('/admin/logg', () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`shows the school's changes, newest first, at ${label} px`, async () => {
      const context = await newContext(e.browser, e.server.baseUrl, viewport);
      const page = await context.newPage();
      await signInThroughApi(page, e.fx.a.admin.email);
      await page.waitForURL('**/admin');
      await page.getByRole('link', { name: /Endringslogg/ }).click();
      await page.getByTestId('audit-entry').first().waitFor();
      const entries = (await page.getByTestId('audit-entry').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatch(/^Endret rolle: Bruker \d+ Tilsynsvakt → Vaktmester Admin A \(Admin\) · /);
      expect(entries[1]).toMatch(/^Godkjente bruker: Ny A Admin A \(Admin\) · /);
      await shoot(page, `admin-audit-${label}`);
      await context.close();
    });
  }
});
