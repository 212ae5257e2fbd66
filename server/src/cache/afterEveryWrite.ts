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

/**
 * The one way a cache learns that its collection was written: after every write, by any path
 * (a document saved, a query, a batch), `written` runs with the connection written to, and the
 * write's caller waits for it. `except` names writes that keep the cache right by themselves (the
 * session store's own saves forget their one entry) and so are not to empty it.
 */
export function afterEveryWrite(
  schema: Schema,
  written: (db: Connection | undefined) => unknown,
  except: readonly WriteOperation[] = [],
): void {
  const wanted = <T extends WriteOperation>(ops: readonly T[]) => ops.filter((op) => !except.includes(op));
  const documentOps = wanted(DOCUMENT_WRITES);
  if (documentOps.length > 0) {
    schema.post(documentOps, { document: true, query: false }, async function (this: { db?: Connection }) {
      await written(this.db);
    });
  }
  const queryOps = wanted(QUERY_WRITES);
  if (queryOps.length > 0) {
    schema.post(queryOps, { document: false, query: true }, async function (this: { model?: { db?: Connection } }) {
      await written(this.model?.db);
    });
  }
  if (!except.includes('insertMany')) {
    schema.post('insertMany', async function (this: { db?: Connection }) {
      await written(this.db);
    });
  }
  if (!except.includes('bulkWrite')) {
    schema.post('bulkWrite', async function (this: { db?: Connection }) {
      await written(this.db);
    });
  }
}
