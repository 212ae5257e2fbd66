import { z } from 'zod';

/** A MongoDB ObjectId as 24 hex characters. */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Ugyldig id');
export const idParamsSchema = z.object({ id: idSchema });

export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;

function isStringMap(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([, v]) => typeof v === 'string');
}

/**
 * A map keyed by student name (spec: studentComments, returnDates). Names are user text, so a key
 * may be '__proto__' or 'constructor': z.record would copy the map by assignment and lose such a
 * key, so the map is checked and passed through as it is (JSON.parse and Object.fromEntries make
 * own keys of them).
 */
export const nameMapSchema = z
  .custom<Record<string, string>>(isStringMap, 'Ugyldig liste')
  .meta({ type: 'object', additionalProperties: { type: 'string' } });

/** A name map's value for a name, never one inherited from Object.prototype ('constructor'). */
export function valueForName(map: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(map, name) ? map[name] : undefined;
}

/** Control characters but line breaks and tabs: never typed by a person (a NUL, an escape), refused in every text. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);
const isControl = (code: number) => (code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f;
export const NO_CONTROL_CHARACTERS = 'Teksten kan ikke inneholde kontrolltegn';
export function withoutControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (isControl(text.charCodeAt(i))) return false;
  return true;
}

export const STUDENT_NAME_MAX_LENGTH = 100;

// A name holds a letter or a digit: one of only dots would also be a path segment browsers drop
// from DELETE /api/away/student/{name} ('.' and '..' are navigation, even percent-encoded).
/** A student's name as the office types it. */
export const studentNameSchema = z
  .string({ error: 'Navn må fylles ut' })
  .trim()
  .min(1, 'Navn må fylles ut')
  .max(STUDENT_NAME_MAX_LENGTH, `Navnet kan være maks ${STUDENT_NAME_MAX_LENGTH} tegn`)
  .regex(/[\p{L}\p{N}]/u, 'Navnet må ha minst én bokstav eller ett tall')
  .refine(withoutControlCharacters, NO_CONTROL_CHARACTERS);
