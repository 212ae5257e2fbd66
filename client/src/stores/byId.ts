export type ById<T> = Readonly<Record<string, T>>;

type Versioned = { id: string; updatedAt?: unknown };

function version(item: Versioned): number | null {
  if (typeof item.updatedAt !== 'string') return null;
  const time = Date.parse(item.updatedAt);
  return Number.isNaN(time) ? null : time;
}

/** True unless both carry an updatedAt and the incoming one is older: an old event never wins. */
export function isNotOlder(current: Versioned | undefined, incoming: Versioned): boolean {
  if (!current) return true;
  const a = version(current);
  const b = version(incoming);
  return a === null || b === null || b >= a;
}

export function toById<T extends { id: string }>(items: readonly T[]): ById<T> {
  const result: Record<string, T> = {};
  for (const item of items) result[item.id] = item;
  return result;
}

export function upsert<T extends { id: string }>(map: ById<T>, item: T): ById<T> {
  if (!isNotOlder(map[item.id], item)) return map;
  return { ...map, [item.id]: item };
}

export function without<T>(map: ById<T>, id: string): ById<T> {
  if (!(id in map)) return map;
  const rest = { ...map };
  delete rest[id];
  return rest;
}

/** Whether two answers of the server say the same (plain JSON data, keys in the order the server sends them). */
export function sameData(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A fetched map that keeps the shown objects where nothing changed: a refetch that brings what is
 * already shown (every reconnect does) then changes no reference, and no list is drawn again.
 */
export function keepUnchanged<T>(shown: ById<T>, fetched: ById<T>): ById<T> {
  const ids = Object.keys(fetched);
  let changed = ids.length !== Object.keys(shown).length;
  const result: Record<string, T> = {};
  for (const id of ids) {
    const same = id in shown && sameData(shown[id], fetched[id]);
    result[id] = same ? shown[id]! : fetched[id]!;
    changed ||= !same;
  }
  return changed ? result : shown;
}
