import { Schema, model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/testServer';
import { deleteIfMatches, updateIfMatches } from './conditionalWrite';

const Ticket = model('RaceTicket', new Schema({ status: { type: String, required: true }, by: String }));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('conditional writes under concurrency', () => {
  it('lets exactly one of many simultaneous state changes through', async () => {
    for (let round = 0; round < 5; round++) {
      const ticket = await Ticket.create({ status: 'pending' });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          updateIfMatches(Ticket, { _id: ticket._id, status: 'pending' }, { $set: { status: 'completed', by: `w${i}` } }),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      const stored = await Ticket.findById(ticket._id).lean();
      expect(stored).toMatchObject({ status: 'completed', by: winners[0]!.by });
    }
  });

  it('a delete and an update racing: exactly one of them happens', async () => {
    for (let round = 0; round < 5; round++) {
      const ticket = await Ticket.create({ status: 'pending' });
      const [updated, deleted] = await Promise.all([
        updateIfMatches(Ticket, { _id: ticket._id, status: 'pending' }, { $set: { status: 'completed' } }),
        deleteIfMatches(Ticket, { _id: ticket._id, status: 'pending' }),
      ]);
      expect([updated, deleted].filter((r) => r !== null)).toHaveLength(1);
      const stored = await Ticket.findById(ticket._id).lean();
      expect(stored === null).toBe(deleted !== null);
    }
  });

  it('returns null when nothing matches, and frees the document for later writers', async () => {
    const ticket = await Ticket.create({ status: 'pending' });
    expect(await updateIfMatches(Ticket, { _id: ticket._id, status: 'rejected' }, { $set: { status: 'x' } })).toBeNull();
    expect(await updateIfMatches(Ticket, { _id: ticket._id }, { $set: { status: 'a' } })).not.toBeNull();
    expect(await updateIfMatches(Ticket, { _id: ticket._id }, { $set: { status: 'b' } })).not.toBeNull();
    expect((await Ticket.findById(ticket._id).lean())!.status).toBe('b');
  });
});
