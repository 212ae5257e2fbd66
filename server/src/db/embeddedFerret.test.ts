import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from './embeddedFerret';
import { usesExternalMongo } from './engine';

const { MongoClient } = mongoose.mongo;
type MongoClient = InstanceType<typeof MongoClient>;
async function withClient<T>(uri: string, fn: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

// The embedded engine's own tests (its process, its patches): with MONGODB_URI the tests run on that server instead.
describe.skipIf(usesExternalMongo)('embedded FerretDB (not with MONGODB_URI)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tilsynsvakt-ferret-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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

  it('answers lookups by _id and filters on indexed fields from its indexes, not by reading the whole collection', async () => {
    // FerretDB patched (scripts/ferretdb/patches/0002): _id through its own index, also beside
    // other conditions; other top-level fields through the indexes the app declares. The plan is
    // read after a restart: a connection that has loaded the schema since the index was made.
    const plan = async (uri: string, filter: Record<string, unknown>) =>
      withClient(uri, async (c) => {
        const explained = await c.db('lookups').command({ explain: { find: 'things', filter } });
        return (explained.queryPlanner as { Plan: string[] }).Plan.join(' ');
      });
    const first = await startEmbeddedDatabase(dataDir);
    await withClient(first.uri, async (c) => {
      const things = c.db('lookups').collection<{ _id: string; date: string; version: number }>('things');
      await things.createIndex({ date: 1 });
      await things.insertMany(
        Array.from({ length: 50 }, (_, i) => ({ _id: `t${i}`, date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`, version: i })),
      );
    });
    await first.stop();

    const second = await startEmbeddedDatabase(dataDir);
    try {
      expect(await plan(second.uri, { _id: 't5' })).toMatch(/SEARCH things_\w+ USING INDEX things_\w+__id_ /);
      expect(await plan(second.uri, { _id: 't5', version: 5 })).toMatch(/SEARCH things_\w+ USING INDEX things_\w+__id_ /);
      expect(await plan(second.uri, { date: { $gte: '2026-11-20', $lte: '2026-11-25' } })).toMatch(
        /USING INDEX things_\w+_date_1__pushdown/,
      );
      const found = await withClient(second.uri, (c) =>
        c
          .db('lookups')
          .collection<{ _id: string }>('things')
          .find({ date: { $gte: '2026-11-20', $lte: '2026-11-21' } })
          .sort({ _id: 1 })
          .toArray(),
      );
      expect(found.map((doc) => doc._id)).toEqual(['t19', 't20', 't47', 't48']);
    } finally {
      await second.stop();
    }
  });

  it('loses no update when many come at once, and answers every write and read', async () => {
    // FerretDB applies an update by reading the document and writing it back: unpatched, 40
    // increments at once counted 16 to 19. Patched (scripts/ferretdb/patches/0001), write
    // commands to one database pass one at a time.
    const engine = await startEmbeddedDatabase(dataDir);
    try {
      await withClient(engine.uri, async (c) => {
        const counters = (name: string) => c.db(name).collection<{ _id: string; n: number }>('counters');
        for (const name of ['gateA', 'gateB'])
          await counters(name).insertMany(Array.from({ length: 8 }, (_, i) => ({ _id: `c${i}`, n: 0 })));
        const writes = ['gateA', 'gateB'].flatMap((name) =>
          Array.from({ length: 40 }, (_, i) => counters(name).updateOne({ _id: `c${i % 8}` }, { $inc: { n: 1 } })),
        );
        const reads = Array.from({ length: 40 }, (_, i) => counters(i % 2 ? 'gateA' : 'gateB').findOne({ _id: `c${i % 8}` }));
        const moves = [
          counters('gateA').findOneAndUpdate({ _id: 'c0' }, { $inc: { n: 100 } }),
          c
            .db('gateB')
            .collection('extra')
            .insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]),
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
