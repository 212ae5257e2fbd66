import { afterEach, describe, expect, it } from 'vitest';
import { cacheArea, changed, changedElsewhere, forget, readThrough, setHeardByOthers, type AreaRule } from './readThrough';

const told: AreaRule = { ttlMs: 60_000, maxEntries: 3, acrossInstances: 'told' };
const confirmed: AreaRule = { ttlMs: 60_000, maxEntries: 100, acrossInstances: 'confirmed' };
let areaCount = 0;
const freshArea = (rule: AreaRule) => cacheArea(`test-${++areaCount}`, rule);

/** A load that counts its reads and answers what `source` holds when it is called. */
function counted(source: { value: string }) {
  const load = async () => {
    load.reads++;
    const value = source.value;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return value;
  };
  load.reads = 0;
  return load;
}

afterEach(() => setHeardByOthers(true));

describe('the one read-through cache', () => {
  it('reads once for requests that miss together, then serves from memory', async () => {
    const area = freshArea(told);
    const load = counted({ value: 'a' });
    expect(await Promise.all([1, 2, 3].map(() => readThrough(area, 'k', load)))).toEqual(['a', 'a', 'a']);
    expect(await readThrough(area, 'k', load)).toBe('a');
    expect(load.reads).toBe(1);
  });

  it('a change here or on another instance empties the area; a read begun before a change is not kept', async () => {
    const area = freshArea(told);
    const source = { value: 'old' };
    const load = counted(source);
    const before = readThrough(area, 'k', load);
    source.value = 'new';
    await changed(area);
    // A request after the change does not join the read begun before it.
    expect(await readThrough(area, 'k', load)).toBe('new');
    expect(await before).toBe('old');
    expect(await readThrough(area, 'k', load)).toBe('new');
    source.value = 'newer';
    changedElsewhere(area.name);
    expect(await readThrough(area, 'k', load)).toBe('newer');
    expect(load.reads).toBe(3);
  });

  it('a value made from several areas is stale when any of them changes', async () => {
    const trips = freshArea(told);
    const classes = freshArea(told);
    const source = { value: 'Tur 8A' };
    const load = counted(source);
    expect(await readThrough(trips, 'away', load, { alsoFrom: [classes] })).toBe('Tur 8A');
    source.value = 'Tur 8B';
    await changed(classes);
    expect(await readThrough(trips, 'away', load, { alsoFrom: [classes] })).toBe('Tur 8B');
  });

  it('while the other instances cannot be heard, a confirmed area serves nothing from memory; a told area still does', async () => {
    const access = freshArea(confirmed);
    const lists = freshArea(told);
    const accessLoad = counted({ value: 'user' });
    const listLoad = counted({ value: 'list' });
    await readThrough(access, 'k', accessLoad);
    await readThrough(lists, 'k', listLoad);
    setHeardByOthers(false);
    await readThrough(access, 'k', accessLoad);
    await readThrough(access, 'k', accessLoad);
    await readThrough(lists, 'k', listLoad);
    expect(accessLoad.reads).toBe(3);
    expect(listLoad.reads).toBe(1);
    setHeardByOthers(true);
    await readThrough(access, 'k', accessLoad);
    await readThrough(access, 'k', accessLoad);
    expect(accessLoad.reads).toBe(4);
  });

  it('keeps only what may be kept, serves only what may still be served, and forgets one entry on request', async () => {
    const area = freshArea(confirmed);
    const source = { value: '' };
    const load = counted(source);
    const keepNonEmpty = { keep: (v: string) => v !== '' };
    expect(await readThrough(area, 'k', load, keepNonEmpty)).toBe('');
    source.value = 'live';
    expect(await readThrough(area, 'k', load, keepNonEmpty)).toBe('live');
    expect(await readThrough(area, 'k', load, keepNonEmpty)).toBe('live');
    expect(load.reads).toBe(2);
    expect(await readThrough(area, 'k', load, { servable: () => false })).toBe('live');
    expect(load.reads).toBe(3);
    forget(area, 'k');
    await readThrough(area, 'k', load);
    expect(load.reads).toBe(4);
  });

  it('holds at most its area’s number of entries, dropping the oldest', async () => {
    const area = freshArea(told);
    const load = counted({ value: 'v' });
    for (const key of ['a', 'b', 'c', 'd']) await readThrough(area, key, load);
    expect([...area.entries.keys()]).toEqual(['b', 'c', 'd']);
  });
});
