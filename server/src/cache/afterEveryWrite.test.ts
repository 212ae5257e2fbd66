import { Schema, model, type Connection } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { afterEveryWrite } from './afterEveryWrite';
import { useTestServer } from '../../test/useTestServer';

const seen: string[] = [];
const everyWrite = new Schema({ n: Number });
afterEveryWrite(everyWrite, (db: Connection | undefined) => void seen.push(db?.name ?? 'ingen'));
const Counted = model('AfterEveryWriteCounted', everyWrite);

const seenBySessionsLike: string[] = [];
const exceptSaves = new Schema({ n: Number });
afterEveryWrite(exceptSaves, () => void seenBySessionsLike.push('x'), ['save', 'updateOne', 'findOneAndUpdate', 'insertMany']);
const Excepted = model('AfterEveryWriteExcepted', exceptSaves);

useTestServer();

describe('afterEveryWrite: the one hook that tells a cache its collection was written', () => {
  it('runs after every kind of write, with the connection written to', async () => {
    const doc = await Counted.create({ n: 1 });
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['insertMany', () => Counted.insertMany([{ n: 2 }])],
      ['updateOne', () => Counted.updateOne({ n: 1 }, { $set: { n: 3 } })],
      ['updateMany', () => Counted.updateMany({}, { $inc: { n: 1 } })],
      ['findOneAndUpdate', () => Counted.findOneAndUpdate({ n: 4 }, { $set: { n: 5 } })],
      ['replaceOne', () => Counted.replaceOne({ n: 5 }, { n: 6 })],
      ['findOneAndReplace', () => Counted.findOneAndReplace({ n: 6 }, { n: 7 })],
      ['bulkWrite', () => Counted.bulkWrite([{ updateOne: { filter: { n: 3 }, update: { $set: { n: 8 } } } }])],
      ['findOneAndDelete', () => Counted.findOneAndDelete({ n: 8 })],
      ['deleteOne', () => Counted.deleteOne({ n: 7 })],
      ['a document’s deleteOne', () => doc.deleteOne()],
      ['deleteMany', () => Counted.deleteMany({})],
    ];
    expect(seen).toHaveLength(1);
    for (const [name, write] of writes) {
      const before = seen.length;
      await write();
      expect(seen.length, name).toBeGreaterThan(before);
    }
    expect(new Set(seen)).toEqual(new Set([Counted.db.name]));
  });

  it('leaves out the writes named as keeping the cache right by themselves', async () => {
    const doc = await Excepted.create({ n: 1 });
    await Excepted.updateOne({ n: 1 }, { $set: { n: 2 } });
    await Excepted.findOneAndUpdate({ n: 2 }, { $set: { n: 3 } });
    await Excepted.insertMany([{ n: 4 }]);
    expect(seenBySessionsLike).toEqual([]);
    await Excepted.deleteMany({});
    expect(seenBySessionsLike).toEqual(['x']);
    await doc.deleteOne();
    expect(seenBySessionsLike.length).toBeGreaterThan(1);
  });
});
