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

  it('loses no update when many come at once, and answers every write and read', async () => {
    // FerretDB applies an update by reading the document and writing it back, not in one
    // transaction: without the launcher's write gate (scripts/ferretdb/writegate.go), 40
    // increments at once counted 16 to 19. With it, writes to a database pass one at a time.
    const engine = await startEmbeddedDatabase(dataDir);
    try {
      await withClient(engine.uri, async (c) => {
        const counters = (name: string) => c.db(name).collection<{ _id: string; n: number }>('counters');
        for (const name of ['gateA', 'gateB']) await counters(name).insertMany(Array.from({ length: 8 }, (_, i) => ({ _id: `c${i}`, n: 0 })));
        const writes = ['gateA', 'gateB'].flatMap((name) =>
          Array.from({ length: 40 }, (_, i) => counters(name).updateOne({ _id: `c${i % 8}` }, { $inc: { n: 1 } })),
        );
        const reads = Array.from({ length: 40 }, (_, i) => counters(i % 2 ? 'gateA' : 'gateB').findOne({ _id: `c${i % 8}` }));
        const moves = [
          counters('gateA').findOneAndUpdate({ _id: 'c0' }, { $inc: { n: 100 } }),
          c.db('gateB').collection('extra').insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]),
          c.db('gateC').createCollection('fresh'),
        ];
        const [, found] = await Promise.all([Promise.all(writes), Promise.all(reads), Promise.all(moves)]);
        expect(found.every((doc) => doc !== null)).toBe(true);
        for (const name of ['gateA', 'gateB']) {
          const total = (await counters(name).find().toArray()).reduce((sum, doc) => sum + doc.n, 0);
          expect(total).toBe(name === 'gateA' ? 140 : 40);
        }
        expect(await c.db('gateB').collection('extra').countDocuments()).toBe(3);
        expect((await c.db('gateC').listCollections().toArray()).map((col) => col.name)).toEqual(['fresh']);
      });
    } finally {
      await engine.stop();
    }
  });
});
