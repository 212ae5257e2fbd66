import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, RETURN_PARAM, signInPageFor } from './returnPath';

const ORIGIN = 'https://tilsyn.example.no';
const at = (pathname: string, search = '') => ({ pathname, search });
const back = (path: string) => at('/login', `?${RETURN_PARAM}=${encodeURIComponent(path)}`);

describe('signing in returns to the page the person was on (issue 44)', () => {
  it('the automatic sign-out names the page in the sign-in address; from a sign-in page, nothing', () => {
    expect(signInPageFor('/login', at('/admin/brukere'))).toBe('/login?tilbake=%2Fadmin%2Fbrukere');
    expect(signInPageFor('/login', at('/rapport/abc', '?x=1'))).toBe('/login?tilbake=%2Frapport%2Fabc%3Fx%3D1');
    expect(signInPageFor('/login', at('/login'))).toBe('/login');
    expect(signInPageFor('/plattformadministrator-login', at('/'))).toBe('/plattformadministrator-login');
  });

  it('after the idle sign-out, back to that page, its query kept', () => {
    expect(destinationAfterSignIn(back('/admin/brukere'), 'Admin', ORIGIN)).toBe('/admin/brukere');
    expect(destinationAfterSignIn(back('/rapport/65a1?fra=arkiv'), 'Tilsynsvakt', ORIGIN)).toBe('/rapport/65a1?fra=arkiv');
    expect(destinationAfterSignIn(back('/tilsynsvakt'), 'Tilsynsvakt', ORIGIN)).toBe('/tilsynsvakt');
  });

  it('a protected page reloaded while signed out shows the form in its place, and is returned to', () => {
    expect(destinationAfterSignIn(at('/admin/klasser'), 'Admin', ORIGIN)).toBe('/admin/klasser');
    expect(destinationAfterSignIn(at('/arkiv'), 'Vaktmester', ORIGIN)).toBe('/arkiv');
  });

  it("a page that is not the role's: the role's home instead", () => {
    expect(destinationAfterSignIn(back('/admin/brukere'), 'Tilsynsvakt', ORIGIN)).toBe('/tilsynsvakt');
    expect(destinationAfterSignIn(at('/vaktmester'), 'Admin', ORIGIN)).toBe('/admin');
    expect(destinationAfterSignIn(back('/finnes-ikke'), 'Vaktmester', ORIGIN)).toBe('/vaktmester');
    expect(destinationAfterSignIn(at('/login'), 'Admin', ORIGIN)).toBe('/admin');
    expect(destinationAfterSignIn(back('/login'), 'Admin', ORIGIN)).toBe('/admin');
  });

  it('never another site: no open redirect', () => {
    for (const hostile of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/ /evil.example',
      `/${'a'.repeat(600)}`,
      '',
    ]) {
      expect(destinationAfterSignIn(back(hostile), 'Admin', ORIGIN), hostile).toBe('/admin');
    }
  });
});
