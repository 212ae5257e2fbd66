/** Both texts of a conflict kept: the one saved elsewhere first, this writer's below it. */
export function joinTexts(theirs: string, mine: string): string {
  if (!theirs.trim()) return mine;
  if (!mine.trim()) return theirs;
  return `${theirs.trimEnd()}\n\n${mine}`;
}
