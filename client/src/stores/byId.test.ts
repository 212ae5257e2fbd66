import { describe, expect, it } from 'vitest';
import { isNotOlder, toById, upsert, without } from './byId';

const at = (updatedAt: string) => ({ id: 'a', updatedAt });

describe('byId: the newer version of an item wins', () => {
  it.each([
    ['nothing held yet', undefined, at('2026-11-20T10:00:00Z'), true],
    ['a newer version', at('2026-11-20T10:00:00Z'), at('2026-11-20T10:00:01Z'), true],
    ['the same version', at('2026-11-20T10:00:00Z'), at('2026-11-20T10:00:00Z'), true],
    ['an older version (a late event)', at('2026-11-20T10:00:01Z'), at('2026-11-20T10:00:00Z'), false],
    ['instants compared as times, not as text', at('2026-11-20T11:00:00+01:00'), at('2026-11-20T10:30:00Z'), true],
    ['no version on the incoming item', at('2026-11-20T10:00:00Z'), { id: 'a' }, true],
    ['an unreadable version held', at('not a date'), at('2026-11-20T10:00:00Z'), true],
  ])('%s', (_case, current, incoming, expected) => {
    expect(isNotOlder(current, incoming)).toBe(expected);
  });

  it('upsert adds and replaces, but keeps the map when the incoming item is older', () => {
    const map = toById([{ id: 'a', updatedAt: '2026-11-20T10:00:00Z', name: 'ny' }]);

    expect(upsert(map, { id: 'a', updatedAt: '2026-11-20T09:00:00Z', name: 'gammel' })).toBe(map);
    expect(upsert(map, { id: 'a', updatedAt: '2026-11-20T11:00:00Z', name: 'nyere' }).a?.name).toBe('nyere');
    expect(Object.keys(upsert(map, { id: 'b', updatedAt: '2026-11-20T09:00:00Z', name: 'b' }))).toEqual(['a', 'b']);
    expect(map.a?.name).toBe('ny');
  });

  it('without removes one id and returns the same map when it is not there', () => {
    const map = toById([{ id: 'a' }, { id: 'b' }]);

    expect(without(map, 'x')).toBe(map);
    expect(Object.keys(without(map, 'a'))).toEqual(['b']);
    expect(Object.keys(map)).toEqual(['a', 'b']);
  });
});
