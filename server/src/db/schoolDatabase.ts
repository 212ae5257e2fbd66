import mongoose, { Types, type Connection, type Schema } from 'mongoose';
import { isDuplicateKey } from './duplicateKey';
import { insertDocument } from './insertDocument';
import { schoolData } from '../cache/areas';
import { changed } from '../cache/readThrough';
import { afterEveryWrite } from '../cache/afterEveryWrite';

/**
 * Each school's own data (reports, sick lists, trips, classes, cases, task labels) lives in a
 * database of its own. FerretDB's SQLite backend stores a database as its own file and answers
 * any filter but a bare _id by reading the whole collection, so in one shared collection every
 * school's reads grew with every other school's data; in its own database a school reads only
 * its own. It is also an isolation boundary: a query of one school's database cannot return
 * another school's documents. See docs/performance.md for the measurements.
 */
const SCHOOL_DATABASE_INFIX = '_s_';

/** A school's database: the app's database name, then the school id (24 hex digits, never user text). */
export function schoolDatabaseName(schoolId: Types.ObjectId | string): string {
  const hex = new Types.ObjectId(schoolId).toHexString();
  return `${mongoose.connection.name}${SCHOOL_DATABASE_INFIX}${hex}`;
}

/** The prefix all of this app's (or the named app database's) school databases share (tests drop them with the app's database). */
export function schoolDatabasePrefix(appDatabase: string = mongoose.connection.name): string {
  return `${appDatabase}${SCHOOL_DATABASE_INFIX}`;
}

/** The school a database belongs to, or null for a database that is no school's. */
export function schoolIdOfDatabase(name: string): string | null {
  const at = name.lastIndexOf(SCHOOL_DATABASE_INFIX);
  const id = at >= 0 ? name.slice(at + SCHOOL_DATABASE_INFIX.length) : '';
  return /^[0-9a-f]{24}$/.test(id) ? id : null;
}

function schoolConnection(schoolId: Types.ObjectId | string): Connection {
  // useCache: one Connection object per school, sharing the app's single client and its pool.
  return mongoose.connection.useDb(schoolDatabaseName(schoolId), { useCache: true });
}

const registered: SchoolModel<Schema>[] = [];

export interface SchoolModel<TSchema extends Schema> {
  readonly modelName: string;
  readonly schema: TSchema;
  /** The model bound to one school's database. */
  of(schoolId: Types.ObjectId | string): Compiled<TSchema>;
  /** Stores a new document in the school's database (`insertDocument`) and empties the school's cached reads of the model. */
  insert(schoolId: Types.ObjectId | string, fields: Record<string, unknown>): Promise<InstanceType<Compiled<TSchema>>>;
  /**
   * Stores a new document under `_id` (as `insert`) unless the school has one with that id
   * already: `made` says which, and `doc` is the one stored, as it is now.
   */
  insertOnce(
    schoolId: Types.ObjectId | string,
    _id: Types.ObjectId,
    fields: Record<string, unknown>,
  ): Promise<{ doc: InstanceType<Compiled<TSchema>>; made: boolean }>;
}

function compile<TSchema extends Schema>(connection: Connection, name: string, schema: TSchema) {
  return connection.model(name, schema);
}
type Compiled<TSchema extends Schema> = ReturnType<typeof compile<TSchema>>;

/** Declares a model whose documents each belong to one school and live in that school's database. */
export function schoolModel<TSchema extends Schema>(modelName: string, schema: TSchema): SchoolModel<TSchema> {
  // A document is written only to its own school's database; anywhere else it would be lost to its school.
  schema.pre('validate', function () {
    const schoolId: unknown = this.get('schoolId');
    if (schoolId && this.db.name !== schoolDatabaseName(String(schoolId))) {
      throw new Error(`${modelName} of school ${String(schoolId)} written to ${this.db.name}`);
    }
  });
  // Every write, by any path through the model, empties this school's cached reads of it.
  const changedIn = (db: Connection | undefined) => {
    const schoolId = db ? schoolIdOfDatabase(db.name) : null;
    if (schoolId) void changed(schoolData(schoolId, modelName));
  };
  const model: SchoolModel<TSchema> = {
    modelName,
    schema,
    of(schoolId) {
      const connection = schoolConnection(schoolId);
      return (connection.models[modelName] as Compiled<TSchema> | undefined) ?? compile(connection, modelName, schema);
    },
    async insert(schoolId, fields) {
      const Model = model.of(schoolId);
      const doc = await insertDocument(Model, fields);
      changedIn(Model.db);
      return doc as InstanceType<Compiled<TSchema>>;
    },
    async insertOnce(schoolId, _id, fields) {
      try {
        return { doc: await model.insert(schoolId, { ...fields, _id }), made: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Another unique index may have refused it; then there is nothing to give back.
        const stored = await model.of(schoolId).findById(_id);
        if (!stored) throw err;
        return { doc: stored as InstanceType<Compiled<TSchema>>, made: false };
      }
    },
  };
  afterEveryWrite(schema, changedIn);
  registered.push(model as unknown as SchoolModel<Schema>);
  return model;
}

/** Every per-school model, for index creation, the move from the shared database, and deletion. */
export function schoolModels(): readonly SchoolModel<Schema>[] {
  return registered;
}

/** Creates a school's collections and indexes (unique ones included) before its first write. */
export async function prepareSchoolDatabase(schoolId: Types.ObjectId | string): Promise<void> {
  await Promise.all(registered.map((model) => model.of(schoolId).init()));
}

/** Removes a school's database with everything in it. */
export async function dropSchoolDatabase(schoolId: Types.ObjectId | string): Promise<void> {
  await schoolConnection(schoolId).dropDatabase();
}
