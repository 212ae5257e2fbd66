import mongoose, { type Types } from 'mongoose';
import { prepareSchoolDatabase, schoolModels } from './schoolDatabase';
import { isDuplicateKey } from './duplicateKey';

const BATCH = 500;

/**
 * Until per-school databases, each model's documents of every school shared one collection in the
 * app's database. This moves them to their school's database, in batches, and is safe to run
 * again or on two instances at once: a document already moved is not copied twice (same _id), and
 * a document leaves the shared collection only after it is in its school's.
 */
export async function moveToSchoolDatabases(): Promise<number> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  const prepared = new Set<string>();
  let moved = 0;
  for (const model of schoolModels()) {
    const name = mongoose.pluralize()?.(model.modelName) ?? model.modelName;
    if (!existing.has(name)) continue;
    const shared = db.collection(name);
    for (;;) {
      const batch = await shared
        .find({ schoolId: { $type: 'objectId' } })
        .limit(BATCH)
        .toArray();
      if (batch.length === 0) break;
      const bySchool = new Map<string, typeof batch>();
      for (const doc of batch) {
        const key = (doc.schoolId as Types.ObjectId).toHexString();
        bySchool.set(key, [...(bySchool.get(key) ?? []), doc]);
      }
      for (const [schoolId, docs] of bySchool) {
        if (!prepared.has(schoolId)) {
          await prepareSchoolDatabase(schoolId);
          prepared.add(schoolId);
        }
        await model.of(schoolId).collection.insertMany(docs, { ordered: false }).catch(ignoreDuplicates);
      }
      await shared.deleteMany({ _id: { $in: batch.map((doc) => doc._id) } });
      moved += batch.length;
    }
  }
  return moved;
}

function ignoreDuplicates(err: unknown): void {
  if (!isDuplicateKey(err)) throw err;
}
