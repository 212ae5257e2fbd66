/**
 * A change to any user or school: the in-memory principal cache forgets everything it holds (writes
 * to users and schools are rare; reads happen on every request). Kept apart from the cache so the
 * models can announce changes without importing it.
 */
let generation = 0;
let trusted = true;
const listeners = new Set<() => void>();
const publishers = new Set<() => Promise<void>>();

export function principalsGeneration(): number {
  return generation;
}

/** Whether what is held may be served: not while this instance cannot hear the others (Redis down). */
export function principalsTrusted(): boolean {
  return trusted;
}

/** Called after a write to users or schools here; resolves once the other instances have forgotten too. */
export async function principalsChanged(): Promise<void> {
  forgetLocally();
  await Promise.all([...publishers].map((publish) => publish()));
}

/** A change announced by another instance (through Redis). */
export function principalsChangedElsewhere(): void {
  forgetLocally();
}

/** Whether this instance hears the others' changes (its Redis link is up); either way, what is held is dropped. */
export function setPrincipalsTrusted(value: boolean): void {
  trusted = value;
  forgetLocally();
}

function forgetLocally(): void {
  generation++;
  for (const listener of listeners) listener();
}

export function onPrincipalsChanged(listener: () => void): void {
  listeners.add(listener);
}

/** How this instance tells the others and waits for them (behind Redis); returns its removal. */
export function addPrincipalsPublisher(publish: () => Promise<void>): () => void {
  publishers.add(publish);
  return () => publishers.delete(publish);
}
