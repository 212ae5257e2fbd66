import mongoose, { type Schema } from 'mongoose';
import { schoolDatabaseName, type SchoolModel } from '../src/db/schoolDatabase';
import { School } from '../src/core/accounts/schoolModel';

type AnySchoolModel = SchoolModel<Schema>;

async function schoolIds(): Promise<string[]> {
  return (await School.find({}, { _id: 1 }).lean()).map((s) => s._id.toHexString());
}

/** How many documents of a per-school model there are in every school's database together. */
export async function countEverywhere(model: AnySchoolModel, filter: Record<string, unknown> = {}): Promise<number> {
  let total = 0;
  for (const id of await schoolIds()) total += await model.of(id).countDocuments(filter);
  return total;
}

/** Empties a per-school model in every school's database. */
export async function deleteEverywhere(model: AnySchoolModel): Promise<void> {
  for (const id of await schoolIds()) await model.of(id).deleteMany({});
}

/** A per-school model's documents from every school's database. */
export async function findEverywhere(model: AnySchoolModel, filter: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (const id of await schoolIds()) found.push(...(await model.of(id).find(filter).lean<Record<string, unknown>[]>()));
  return found;
}

/** Whether the school still has a database of its own. */
export async function hasSchoolDatabase(schoolId: string): Promise<boolean> {
  const { databases } = await mongoose.connection.db!.admin().listDatabases({ nameOnly: true });
  return databases.some((db) => db.name === schoolDatabaseName(schoolId));
}
