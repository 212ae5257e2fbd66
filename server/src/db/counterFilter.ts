import { trusted } from './trusted';

/**
 * A filter on a counter field (a `version`, a `writes`) at the value a write was based on. 0 also
 * matches a document written before the field was kept, which has none.
 */
export function atCount(count: number | null | undefined): number | { $in: Array<number | null> } {
  return count ? count : trusted({ $in: [0, null] });
}

/**
 * The filter part of a write that may name the version it was based on (protocol/versions.ts):
 * on that version only, or, naming none, on whatever version is there.
 */
export function atVersion(baseVersion: number | undefined): { version?: ReturnType<typeof atCount> } {
  return baseVersion === undefined ? {} : { version: atCount(baseVersion) };
}
