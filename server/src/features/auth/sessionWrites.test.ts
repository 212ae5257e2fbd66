import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer';
import { sessions } from '../../cache/areas';
import { SessionModel } from '../../core/sessions/sessionModel';
import { MongoSessionStore } from '../../core/sessions/sessionStore';

/**
 * The session model's one write-hook (cache/afterEveryWrite.ts): a write of sessions by any
 * operation empties what memory holds of them, but for the named exceptions (sessionModel.ts).
 */
let server: TestServer;
const store = new MongoSessionStore(60 * 60_000);
beforeAll(async () => void (server = await startTestServer()));
afterAll(async () => server?.close());

let made = 0;
/** A fresh live session row. */
async function storedSession(): Promise<string> {
  const id = `skrivinger-${(made += 1)}`;
  await SessionModel.create({
    _id: id,
    data: JSON.stringify({ userId: 'x' }),
    expiresAt: new Date(server.app.clock.now().getTime() + 60 * 60_000),
  });
  return id;
}

/** Read once through the store, so that memory holds it. */
async function held(id: string): Promise<string> {
  expect(await store.load(id)).not.toBeNull();
  expect(sessions.entries.has(id), `${id} held in memory`).toBe(true);
  return id;
}

const cachedSession = async () => held(await storedSession());

const later = () => new Date(server.app.clock.now().getTime() + 2 * 60 * 60_000);

describe('a write of sessions empties what memory holds of them', () => {
  const writes: Array<[string, (id: string) => Promise<unknown>]> = [
    ['a document’s save', async (id) => (await SessionModel.findById(id))!.set({ expiresAt: later() }).save()],
    ['a document’s deleteOne', async (id) => (await SessionModel.findById(id))!.deleteOne()],
    ['insertMany', () => SessionModel.insertMany([{ _id: `ny-${made}`, data: '{}', expiresAt: later() }])],
    ['updateMany', (id) => SessionModel.updateMany({ _id: id }, { $set: { expiresAt: later() } })],
    ['findOneAndUpdate', (id) => SessionModel.findOneAndUpdate({ _id: id }, { $set: { expiresAt: later() } })],
    ['replaceOne', (id) => SessionModel.replaceOne({ _id: id }, { data: '{}', expiresAt: later() })],
    ['findOneAndReplace', (id) => SessionModel.findOneAndReplace({ _id: id }, { data: '{}', expiresAt: later() })],
    ['findOneAndDelete', (id) => SessionModel.findOneAndDelete({ _id: id })],
    ['deleteOne', (id) => SessionModel.deleteOne({ _id: id })],
    ['deleteMany', (id) => SessionModel.deleteMany({ _id: id })],
    ['bulkWrite', (id) => SessionModel.bulkWrite([{ updateOne: { filter: { _id: id }, update: { $set: { expiresAt: later() } } } }])],
  ];
  for (const [name, write] of writes) {
    it(`by ${name}`, async () => {
      const id = await cachedSession();
      await write(id);
      expect(sessions.entries.has(id)).toBe(false);
    });
  }
});

describe('the named exceptions', () => {
  it('the store’s own updateOne: its save forgets the one session it wrote, its touch keeps what memory holds', async () => {
    // Both rows are made first: making a row is a write that empties memory.
    const [touched, other] = [await storedSession(), await storedSession()];
    await held(touched);
    await held(other);
    await store.touch(touched);
    expect(sessions.entries.has(touched)).toBe(true);
    await store.save(touched, { userId: new Types.ObjectId().toHexString() });
    expect(sessions.entries.has(touched)).toBe(false);
    expect(sessions.entries.has(other)).toBe(true);
  });

  it('a delete that found nothing leaves memory as it was', async () => {
    const id = await cachedSession();
    await SessionModel.deleteOne({ _id: 'aldri-lagret' });
    await SessionModel.deleteMany({ _id: 'aldri-lagret' });
    expect(sessions.entries.has(id)).toBe(true);
  });
});
