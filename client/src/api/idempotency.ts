import { useCallback, useRef } from 'react';

/**
 * One key per thing the user means to create: the same key on every try of it (a double tap, a
 * retry after a lost answer), so the server makes it once; a new key once it has been made.
 */
export function useIdempotencyKey(): { headers(): Record<string, string>; done(): void } {
  const key = useRef<string | null>(null);
  const headers = useCallback(() => {
    key.current ??= crypto.randomUUID();
    return { 'Idempotency-Key': key.current };
  }, []);
  const done = useCallback(() => {
    key.current = null;
  }, []);
  return { headers, done };
}
