import type { Connection, Schema } from 'mongoose';

/** Mongoose's write operations by the middleware that sees them: a document's, a query's, a batch's. */
const DOCUMENT_WRITES = ['save', 'deleteOne'] as const;
const QUERY_WRITES = [
  'findOneAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'replaceOne',
] as const;
export type WriteOperation = (typeof DOCUMENT_WRITES)[number] | (typeof QUERY_WRITES)[number] | 'insertMany' | 'bulkWrite';

/** A write as the hook saw it: which operation, and what it gave back (a query's result, a document, the documents inserted). */
export type Write = { operation: WriteOperation; result: unknown };

/**
 * The one way a cache learns that its collection was written: after every write, by any path
 * (a document saved, a query, a batch), `written` runs with the connection written to and the
 * write, and the write's caller waits for it. `except` names writes that keep the cache right by
 * themselves (the session store's own updates forget their one entry) and so are not to empty it.
 */
export function afterEveryWrite(
  schema: Schema,
  written: (db: Connection | undefined, write: Write) => unknown,
  except: readonly WriteOperation[] = [],
): void {
  const wanted = <T extends WriteOperation>(ops: readonly T[]) => ops.filter((op) => !except.includes(op));
  for (const operation of wanted(DOCUMENT_WRITES)) {
    schema.post(operation, { document: true, query: false }, async function (this: { db?: Connection }, result: unknown) {
      await written(this.db, { operation, result });
    });
  }
  for (const operation of wanted(QUERY_WRITES)) {
    schema.post(operation, { document: false, query: true }, async function (this: { model?: { db?: Connection } }, result: unknown) {
      await written(this.model?.db, { operation, result });
    });
  }
  for (const operation of wanted(['insertMany', 'bulkWrite'] as const)) {
    schema.post(operation, async function (this: { db?: Connection }, result: unknown) {
      await written(this.db, { operation, result });
    });
  }
}
