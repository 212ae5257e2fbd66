/**
 * When a document last changed, as stored (mongoose's timestamps): never the time of asking, which
 * would make an old copy look newer than a change on its way (the client keeps the newer one). A
 * document from before it had updatedAt counts as changed when it was created; one with neither, as
 * older than anything.
 */
export function changedAt(doc: { updatedAt?: Date | null; createdAt?: Date | null }): string {
  return (doc.updatedAt ?? doc.createdAt ?? new Date(0)).toISOString();
}
