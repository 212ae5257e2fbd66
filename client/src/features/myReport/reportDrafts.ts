import { PRODUCT_NAME } from '#protocol';
import { z } from 'zod';

/**
 * What a supervisor types is kept in this browser until the server has it: one draft per user and
 * report day. Drafts outlive sign-out (the inactivity logout must not eat a half-written report)
 * and are shown to the same user only.
 */
const PREFIX = `${PRODUCT_NAME.toLowerCase()}_draft:`;

/**
 * baseVersion: the version of the report the text was written from (none in drafts kept before
 * versions); baseText: that version's text, for merging after a reload (none in older drafts).
 */
const draftSchema = z.object({
  content: z.string(),
  typedAt: z.string(),
  baseVersion: z.number().int().nonnegative().optional(),
  baseText: z.string().optional(),
});
export type Draft = z.infer<typeof draftSchema> & { date: string };

const keyOf = (userId: string, date: string) => `${PREFIX}${userId}:${date}`;

export function readDraft(userId: string, date: string): Draft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId, date));
    if (raw === null) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { ...parsed.data, date } : null;
  } catch {
    return null;
  }
}

/** False when the browser refuses to store (full, disabled): the screen says so. */
export function writeDraft(userId: string, date: string, content: string, baseVersion: number, baseText?: string): boolean {
  try {
    localStorage.setItem(keyOf(userId, date), JSON.stringify({ content, typedAt: new Date().toISOString(), baseVersion, baseText }));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(userId: string, date: string): void {
  try {
    localStorage.removeItem(keyOf(userId, date));
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

/** The user's drafts, oldest day first. */
export function listDrafts(userId: string): Draft[] {
  const own = `${PREFIX}${userId}:`;
  const drafts: Draft[] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(own)) continue;
      const draft = readDraft(userId, key.slice(own.length));
      if (draft) drafts.push(draft);
    }
  } catch {
    return [];
  }
  return drafts.sort((a, b) => a.date.localeCompare(b.date));
}
