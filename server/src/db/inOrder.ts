// Callers in this process queue here per key, so they do not race each other to the database.
const queues = new Map<string, Promise<void>>();

/**
 * Runs `change` once every earlier change of the same key in this process has finished. Only
 * spares the database pointless contention: what keeps a write correct across app instances is
 * the write's own condition.
 */
export async function inOrder<T>(key: string, change: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  let done!: () => void;
  const turn = new Promise<void>((resolve) => (done = resolve));
  const mine = previous.then(() => turn);
  queues.set(key, mine);
  await previous;
  try {
    return await change();
  } finally {
    done();
    if (queues.get(key) === mine) queues.delete(key);
  }
}
