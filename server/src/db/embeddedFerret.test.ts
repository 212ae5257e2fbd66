import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from './embeddedFerret';

const { MongoClient } = mongoose.mongo;
type MongoClient = InstanceType<typeof MongoClient>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-ferret-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withClient<T>(uri: string, fn: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

describe('embedded FerretDB', () => {
  it('listens on loopback only and keeps its data across restarts', async () => {
    const first = await startEmbeddedDatabase(dataDir);
    expect(new URL(first.uri).hostname).toBe('127.0.0.1');
    await withClient(first.uri, (c) => c.db('persist').collection('notes').insertOne({ text: 'blir værende' }));
    await first.stop();

    const second = await startEmbeddedDatabase(dataDir);
    const found = await withClient(second.uri, (c) => c.db('persist').collection('notes').findOne({}));
    await second.stop();
    expect(found?.text).toBe('blir værende');
  });

  it('looks documents up by _id through an index, not by reading the whole collection', async () => {
    // FerretDB's own _id index is on another expression than its lookups use (see
    // scripts/ferretdb/idindex.go). The plan is read after a restart: a connection that has
    // loaded the schema since the index was made.
    const plan = async (uri: string) =>
      withClient(uri, async (c) => {
        const explained = await c.db('lookups').command({ explain: { find: 'things', filter: { _id: 't5' } } });
        return (explained.queryPlanner as { Plan: string[] }).Plan.join(' ');
      });
    const first = await startEmbeddedDatabase(dataDir);
    await withClient(first.uri, (c) => c.db('lookups').collection<{ _id: string }>('things').insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `t${i}` }))));
    await first.stop();

    const second = await startEmbeddedDatabase(dataDir);
    try {
      expect(await plan(second.uri)).toMatch(/SEARCH things_\w+ USING INDEX things_\w+__id_lookup/);
      const found = await withClient(second.uri, (c) => c.db('lookups').collection<{ _id: string }>('things').findOne({ _id: 't5' }));
      expect(found?._id).toBe('t5');
    } finally {
      await second.stop();
    }
  });
});
