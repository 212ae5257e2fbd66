/** MongoDB's (and FerretDB's) error code for a write that broke a unique index. */
const DUPLICATE_KEY = 11000;

/** Whether a write failed because a unique index already holds the key (an insertMany: every failure did). */
export function isDuplicateKey(err: unknown): boolean {
  const error = err as { code?: unknown; writeErrors?: { code?: unknown }[] | { code?: unknown } } | null;
  if (error?.code === DUPLICATE_KEY) return true;
  const writeErrors = error?.writeErrors;
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  return list.length > 0 && list.every((e) => e.code === DUPLICATE_KEY);
}

/**
 * Runs a write whose key may already be taken (two requests at once, or a check that raced):
 * a duplicate key gives `onDuplicate()` (its value, or what it throws); any other failure is rethrown.
 */
export async function unlessDuplicate<T, D = T>(write: () => Promise<T>, onDuplicate: () => D | Promise<D>): Promise<T | D> {
  try {
    return await write();
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return onDuplicate();
  }
}
