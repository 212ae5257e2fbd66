import { type HydratedDocument, type Model, type FilterQuery, type UpdateQuery } from 'mongoose';
import { releaseClaim, tryClaim } from './claims';

/**
 * Conditional writes that stay atomic on the embedded FerretDB too. FerretDB 1.x (SQLite) finds
 * the matching document and then writes it by _id, so two `findOneAndUpdate({ status: 'pending' })`
 * racing each other can both succeed. Here a writer first claims the document's current revision
 * (`__v`) by inserting a claim whose _id is unique: the engine lets exactly one insert through.
 * The winner writes with the revision in its filter and bumps it; the loser gets null.
 * On MongoDB the same code is simply correct twice over.
 */
async function withClaim<T, R>(
  target: Model<T>,
  filter: FilterQuery<T>,
  write: (id: unknown, revision: number) => Promise<R | null>,
): Promise<R | null> {
  const current = await target.findOne(filter, { _id: 1, __v: 1 }).lean<{ _id: unknown; __v?: number }>();
  if (!current) return null;
  const revision = current.__v ?? 0;
  const claimId = `${target.collection.collectionName}:${String(current._id)}:${revision}`;
  if (!(await tryClaim(claimId))) return null;
  try {
    return await write(current._id, revision);
  } finally {
    await releaseClaim(claimId);
  }
}

/** Updates the one document matching `filter`, unless another writer changes it first. */
export function updateIfMatches<T>(
  target: Model<T>,
  filter: FilterQuery<T>,
  update: UpdateQuery<T> & { $set?: Record<string, unknown> },
): Promise<HydratedDocument<T> | null> {
  return withClaim(target, filter, (_id, revision) =>
    target.findOneAndUpdate(
      { ...filter, _id, __v: revision } as FilterQuery<T>,
      { ...update, $inc: { __v: 1 } } as UpdateQuery<T>,
      { new: true },
    ),
  );
}

/** Deletes the one document matching `filter`, unless another writer changes it first. */
export function deleteIfMatches<T>(target: Model<T>, filter: FilterQuery<T>): Promise<HydratedDocument<T> | null> {
  return withClaim(target, filter, (_id, revision) =>
    target.findOneAndDelete({ ...filter, _id, __v: revision } as FilterQuery<T>),
  );
}
