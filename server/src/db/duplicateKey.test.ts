import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isDuplicateKey, unlessDuplicate } from './duplicateKey';
import { useTestServer } from '../../test/useTestServer';

useTestServer();

const things = () => mongoose.connection.db!.collection<{ _id: string; n?: number }>('duplicateKeyProbe');

/** The errors are the engine's own, not made up: what the embedded engine (or MongoDB) really throws. */
describe('a duplicate key, as the engine reports it', () => {
  it('is recognised on a single insert and on an unordered insertMany, and nothing else is', async () => {
    await things().insertOne({ _id: 'a' });
    const single = await things()
      .insertOne({ _id: 'a' })
      .catch((err: unknown) => err);
    expect(isDuplicateKey(single)).toBe(true);
    const many = await things()
      .insertMany([{ _id: 'a' }, { _id: 'b' }], { ordered: false })
      .catch((err: unknown) => err);
    expect(isDuplicateKey(many)).toBe(true);
    const invalid = await things()
      .updateOne({ _id: 'a' }, { $inc: { n: 'x' as unknown as number } })
      .catch((err: unknown) => err);
    expect(invalid).toBeInstanceOf(Error);
    expect(isDuplicateKey(invalid)).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
  });

  it('unlessDuplicate gives the fallback for a taken key and rethrows any other failure', async () => {
    await things().insertOne({ _id: 'c' });
    await expect(
      unlessDuplicate(
        () => things().insertOne({ _id: 'c' }),
        () => 'taken',
      ),
    ).resolves.toBe('taken');
    await expect(
      unlessDuplicate(
        async () => (await things().insertOne({ _id: 'd' })).insertedId,
        () => 'taken',
      ),
    ).resolves.toBe('d');
    await expect(
      unlessDuplicate(
        () => things().updateOne({ _id: 'c' }, { $inc: { n: 'x' as unknown as number } }),
        () => 'taken',
      ),
    ).rejects.toThrow();
  });
});
