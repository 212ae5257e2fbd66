import { z } from 'zod';

/**
 * How many times a thing has been saved. A write that replaces a whole thing (a report's text, the
 * task labels, a trip) may name the version it was based on, in its body (`baseVersion`) or as
 * HTTP's `If-Match` with the `ETag` a read gave; it is then applied only on that version (409 with
 * the thing as it is now otherwise). A write that names none is applied as the spec describes, so
 * the spec's own bodies keep working (DECISIONS.md, 'Keeping what people type'). The app's own
 * client always names one.
 */
export const versionSchema = z.number().int().nonnegative();
export const baseVersionSchema = versionSchema.optional();

export const VERSION_TEXTS = {
  badIfMatch: 'If-Match må være én versjon i anførselstegn, for eksempel "3", eller *',
  twoVersions: 'Versjonen i If-Match og versjonen i skjemaet er ulike',
} as const;

/** The entity tag of a version, as the reads' ETag and a write's If-Match carry it. */
export const versionTag = (version: number): string => `"${version}"`;

/**
 * The version an If-Match names: a number, `undefined` for '*' (any version: as naming none), or
 * null for a value that names no version this server gave (a weak tag, a list, a word).
 */
export function versionOfIfMatch(header: string): number | undefined | null {
  const value = header.trim();
  if (value === '*') return undefined;
  const match = /^"(\d{1,9})"$/.exec(value);
  return match ? Number(match[1]) : null;
}

/** The If-Match request header, described to outsiders; every other header passes untouched. */
export const ifMatchHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .meta({ description: 'The ETag of the version this write was based on ("3"); the same as the body\'s baseVersion.' }),
});
