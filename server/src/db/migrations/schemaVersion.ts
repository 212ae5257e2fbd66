import { Schema, model } from 'mongoose';

/** The one document that says which shape the stored data has, and what brought it there. */
const schemaStateSchema = new Schema(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    history: [{ _id: false, version: Number, name: String, at: Date, ms: Number }],
  },
  { versionKey: false },
);
export const SchemaState = model('SchemaState', schemaStateSchema, 'schemastate');
export const SCHEMA_STATE_ID = 'schema';

/** 0 for a database no migration has touched (new, or from before versions were kept). */
export async function storedSchemaVersion(): Promise<number> {
  return (await SchemaState.findById(SCHEMA_STATE_ID, { version: 1 }).lean())?.version ?? 0;
}

export async function recordSchemaVersion(version: number, name: string, ms: number): Promise<void> {
  await SchemaState.updateOne(
    { _id: SCHEMA_STATE_ID },
    { $set: { version }, $push: { history: { version, name, at: new Date(), ms } } },
    { upsert: true },
  );
}

/** Refused at start: this code would misread data written by a newer version. */
export class DataTooNewError extends Error {
  constructor(stored: number, known: number) {
    super(
      `Databasen har skjemaversjon ${stored}, men denne versjonen av Tilsynsvakt kjenner bare til versjon ${known}. ` +
        'Start en nyere versjon av Tilsynsvakt, eller gjenopprett en sikkerhetskopi tatt med denne versjonen.',
    );
    this.name = 'DataTooNewError';
  }
}
