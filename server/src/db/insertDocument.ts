import type { Document, Schema } from 'mongoose';

/** A mongoose model, as far as storing a new document needs it. */
type Insertable<TDoc> = {
  new (fields: Record<string, unknown>): TDoc;
  readonly schema: Schema;
  readonly collection: { insertOne(doc: object): Promise<unknown> };
};

/**
 * Stores a new document and returns it, as `Model.create` would (cast, defaults, timestamps, the
 * version key, validation with its middleware) but with one plain insert and without `save()`'s
 * change tracking: about half of `create`'s CPU, measured on the live path of a case
 * (docs/performance.md). A duplicate key fails as it does with `create`. Save middleware does not
 * run: a model whose save hooks matter (users and schools empty the principal cache in theirs)
 * keeps `create`; `SchoolModel.insert` does its own hook's work itself.
 */
export async function insertDocument<TDoc>(model: Insertable<TDoc>, fields: Record<string, unknown>): Promise<TDoc> {
  const created = new model(fields);
  // Mongoose adds initializeTimestamps to models whose schema has timestamps (on the schema's currentTime: appClock.ts).
  const doc = created as TDoc & Document<unknown> & { initializeTimestamps?: () => void };
  doc.initializeTimestamps?.();
  const versionKey: unknown = model.schema.get('versionKey');
  if (typeof versionKey === 'string') doc.set(versionKey, 0);
  await doc.validate();
  await model.collection.insertOne(doc.toObject({ depopulate: true, transform: false, virtuals: false, getters: false }));
  doc.isNew = false;
  return created;
}
