/**
 * Hot reads of one school's collections (the board's rounds, the last seven days' reports, the
 * case list) kept in memory until that collection of that school changes. Every write through a
 * school model empties them (hooks in schoolDatabase.ts), here at once and on the other instances
 * through Redis; entries also expire, in case such a message was lost. Values are shared between
 * requests and must not be changed by them.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES_PER_COLLECTION = 64;

type Entry = { value: unknown; at: number };
/** By `${schoolId}:${modelName}`: its generation (bumped by every change) and its entries. */
const collections = new Map<string, { generation: number; entries: Map<string, Entry> }>();
const inFlight = new Map<string, Promise<unknown>>();
const publishers = new Set<(schoolId: string, modelName: string) => void>();

function collection(schoolId: string, modelName: string) {
  const key = `${schoolId}:${modelName}`;
  let found = collections.get(key);
  if (!found) {
    found = { generation: 0, entries: new Map() };
    collections.set(key, found);
  }
  return found;
}

/** A write to a school's collection, here (then the others are told) or on another instance. */
export function schoolDataChanged(schoolId: string, modelName: string, elsewhere = false): void {
  const changed = collection(schoolId, modelName);
  changed.generation++;
  changed.entries.clear();
  if (!elsewhere) for (const publish of publishers) publish(schoolId, modelName);
}

export function addSchoolDataPublisher(publish: (schoolId: string, modelName: string) => void): () => void {
  publishers.add(publish);
  return () => publishers.delete(publish);
}

/**
 * The value of `load` for this school, collection and key, from memory while the collection is
 * unchanged. Requests that miss together make one read; a request after a write never joins a
 * read begun before it, and such a read is not kept.
 */
export async function cachedSchoolRead<T>(schoolId: { toHexString(): string } | string, modelName: string, key: string, load: () => Promise<T>): Promise<T> {
  const id = typeof schoolId === 'string' ? schoolId : schoolId.toHexString();
  const target = collection(id, modelName);
  const hit = target.entries.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const generation = target.generation;
  const flightKey = `${id}:${modelName}:${generation}:${key}`;
  const pending = inFlight.get(flightKey) as Promise<T> | undefined;
  if (pending) return pending;
  const started = load()
    .then((value) => {
      if (target.generation === generation) {
        if (target.entries.size >= MAX_ENTRIES_PER_COLLECTION) target.entries.clear();
        target.entries.set(key, { value, at: Date.now() });
      }
      return value;
    })
    .finally(() => inFlight.delete(flightKey));
  inFlight.set(flightKey, started);
  return started;
}
