import { trusted } from './trusted';

/**
 * A filter on a counter field (a `version`, a `writes`) at the value a write was based on. 0 also
 * matches a document written before the field was kept, which has none.
 */
export function atCount(count: number | null | undefined): number | { $in: Array<number | null> } {
  return count ? count : trusted({ $in: [0, null] });
}
