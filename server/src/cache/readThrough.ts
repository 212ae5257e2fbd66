/**
 * The app's one in-memory cache: read-through, in areas. An area is what one kind of change
 * empties (every user and school; every session; one school's collection). Each change bumps the
 * area's generation here, and the other instances are told through Redis (realtime/cacheCoherence):
 * - 'confirmed' areas (who is signed in, and who they are) are access decisions: the write's caller
 *   waits until every other instance has confirmed that it forgot, and while this instance cannot
 *   hear the others (its Redis link is down) nothing is served from them;
 * - 'told' areas (a school's lists) are told without waiting: a list a moment old is stale, not a
 *   breach.
 * Entries also expire (the area's ttl), in case a message was lost. Values are shared between
 * requests and must not be changed by them.
 */
export type AreaRule = { ttlMs: number; maxEntries: number; acrossInstances: 'confirmed' | 'told' };

type Entry = { value: unknown; readAt: number; generations: number[] };

export class CacheArea {
  generation = 0;
  readonly entries = new Map<string, Entry>();
  constructor(
    readonly name: string,
    readonly rule: AreaRule,
  ) {}
}

type Publisher = (areaName: string, confirmed: boolean) => Promise<void> | void;

const areas = new Map<string, CacheArea>();
const inFlight = new Map<string, Promise<unknown>>();
const publishers = new Set<Publisher>();
let heardByOthers = true;

/** The area of this name, made on first use with its rule. */
export function cacheArea(name: string, rule: AreaRule): CacheArea {
  let area = areas.get(name);
  if (!area) {
    area = new CacheArea(name, rule);
    areas.set(name, area);
  }
  return area;
}

export type ReadOptions<T> = {
  /** Other areas the value is made from: a change to any of them makes it stale too. */
  alsoFrom?: readonly CacheArea[];
  /** Whether a value read may be kept (a session that does not exist is not). */
  keep?: (value: T) => boolean;
  /** Whether a kept value may still be served at this moment, beyond the area's ttl (a session past its expiry is read again). */
  servable?: (value: T, now: number) => boolean;
};

const trustworthy = (area: CacheArea) => heardByOthers || area.rule.acrossInstances === 'told';

/**
 * The value of `load` for this key, from memory while its areas are unchanged. Requests that miss
 * together make one read; a request after a change never joins a read begun before it, and such a
 * read is not kept.
 */
export function readThrough<T>(area: CacheArea, key: string, load: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
  const sources = [area, ...(options.alsoFrom ?? [])];
  const now = Date.now();
  const hit = area.entries.get(key);
  if (hit && trustworthy(area) && now - hit.readAt < area.rule.ttlMs && sources.every((s, i) => s.generation === hit.generations[i])) {
    if (!options.servable || options.servable(hit.value as T, now)) return Promise.resolve(hit.value as T);
  }
  const generations = sources.map((s) => s.generation);
  const flightKey = `${area.name}\u0000${key}\u0000${generations.join(',')}`;
  const pending = inFlight.get(flightKey) as Promise<T> | undefined;
  if (pending) return pending;
  const started = load()
    .then((value) => {
      const unchanged = sources.every((s, i) => s.generation === generations[i]);
      if (unchanged && trustworthy(area) && (!options.keep || options.keep(value))) {
        if (area.entries.size >= area.rule.maxEntries) area.entries.delete(area.entries.keys().next().value!);
        area.entries.set(key, { value: frozen(value), readAt: Date.now(), generations });
      }
      return value;
    })
    .finally(() => inFlight.delete(flightKey));
  inFlight.set(flightKey, started);
  return started;
}

/**
 * What is kept is shared by every request that reads it until it changes: its plain objects and
 * arrays are frozen, so a change in place fails loudly instead of reaching other requests (and a
 * response serializer may remember what it wrote for it). Other objects (ids, dates, buffers) are
 * left as they are.
 */
function frozen<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null && !Array.isArray(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) frozen(inner);
  return value;
}

/** This instance changed one entry's source (a session it rewrote): the next read asks again. */
export function forget(area: CacheArea, key: string): void {
  area.entries.delete(key);
}

function forgetArea(area: CacheArea): void {
  area.generation++;
  area.entries.clear();
}

/**
 * A write changed what this area holds: forgotten here at once, then on the other instances; a
 * 'confirmed' area resolves once they have said so.
 */
export async function changed(area: CacheArea): Promise<void> {
  forgetArea(area);
  const confirmed = area.rule.acrossInstances === 'confirmed';
  await Promise.all([...publishers].map((publish) => publish(area.name, confirmed)));
}

/** Another instance changed the area of this name (through Redis). */
export function changedElsewhere(areaName: string): void {
  const area = areas.get(areaName);
  if (area) forgetArea(area);
}

/** Whether this instance hears the others' changes (its Redis link is up); either way the 'confirmed' areas are emptied. */
export function setHeardByOthers(up: boolean): void {
  heardByOthers = up;
  for (const area of areas.values()) if (area.rule.acrossInstances === 'confirmed') forgetArea(area);
}

/** How changes reach the other instances (behind Redis); returns its removal. */
export function addChangePublisher(publish: Publisher): () => void {
  publishers.add(publish);
  return () => publishers.delete(publish);
}
