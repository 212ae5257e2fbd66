/**
 * A change to any user or school: the in-memory principal cache forgets everything it holds (writes
 * to users and schools are rare; reads happen on every request). Kept apart from the cache so the
 * models can announce changes without importing it.
 */
let generation = 0;
const listeners = new Set<() => void>();
const publishers = new Set<() => void>();

export function principalsGeneration(): number {
  return generation;
}

/** Called after a write to users or schools here; tells the other instances too. */
export function principalsChanged(): void {
  forgetLocally();
  for (const publish of publishers) publish();
}

/** A change announced by another instance (through Redis). */
export function principalsChangedElsewhere(): void {
  forgetLocally();
}

function forgetLocally(): void {
  generation++;
  for (const listener of listeners) listener();
}

export function onPrincipalsChanged(listener: () => void): void {
  listeners.add(listener);
}

/** How this instance tells the others (when there is more than one, behind Redis); returns its removal. */
export function addPrincipalsPublisher(send: () => void): () => void {
  publishers.add(send);
  return () => publishers.delete(send);
}
