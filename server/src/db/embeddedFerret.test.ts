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
});
