import { describe, expect, it } from 'vitest';
import { pathToOpen } from './openFromNotification';

describe("the service worker's message to open a path", () => {
  it('gives the app path it names', () => {
    expect(pathToOpen({ type: 'tilsynsvakt.open', url: '/vaktmester?sak=abc' })).toBe('/vaktmester?sak=abc');
    expect(pathToOpen({ type: 'tilsynsvakt.open', url: '/admin/brukere' })).toBe('/admin/brukere');
  });

  it('ignores other messages and anything that is not a path of this app', () => {
    expect(pathToOpen(null)).toBeNull();
    expect(pathToOpen('tilsynsvakt.open')).toBeNull();
    expect(pathToOpen({ type: 'annet', url: '/vaktmester' })).toBeNull();
    expect(pathToOpen({ type: 'tilsynsvakt.open', url: 'https://example.com/' })).toBeNull();
    expect(pathToOpen({ type: 'tilsynsvakt.open', url: '//example.com/' })).toBeNull();
    expect(pathToOpen({ type: 'tilsynsvakt.open', url: '/\\example.com' })).toBeNull();
    expect(pathToOpen({ type: 'tilsynsvakt.open', url: 42 })).toBeNull();
  });
});
