import { Schema, model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer';

/**
 * What the app relies on from the database, on the embedded engine as on MongoDB (issue 29): each
 * write to one document is atomic, so a condition in its filter holds when it is written and no
 * update operator loses another's change. The app keeps no locks of its own for it.
 */
const Ticket = model('RaceTicket', new Schema({ status: { type: String, required: true }, by: String }));
const Counter = model('RaceCounter', new Schema({ _id: Number, n: Number, seen: [Number] }));

useTestServer();

describe('atomic writes under concurrency', () => {
  it('40 increments and pushes of each of 8 counters at once keep all 40', async () => {
    await Counter.insertMany(Array.from({ length: 8 }, (_, k) => ({ _id: k, n: 0, seen: [] })));
    await Promise.all(Array.from({ length: 320 }, (_, i) => Counter.updateOne({ _id: i % 8 }, { $inc: { n: 1 }, $push: { seen: i } })));
    for (const counter of await Counter.find().lean()) {
      expect(counter.n).toBe(40);
      expect(counter.seen).toHaveLength(40);
    }
  });

  it('lets exactly one of many simultaneous conditional state changes through', async () => {
    for (let round = 0; round < 5; round++) {
      const ticket = await Ticket.create({ status: 'pending' });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          Ticket.findOneAndUpdate(
            { _id: ticket._id, status: 'pending' },
            { $set: { status: 'completed', by: `w${i}` } },
            { new: true },
          ).lean(),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      const stored = await Ticket.findById(ticket._id).lean();
      expect(stored).toMatchObject({ status: 'completed', by: winners[0]!.by });
    }
  });

  it('a conditional delete and update racing: exactly one of them happens', async () => {
    for (let round = 0; round < 5; round++) {
      const ticket = await Ticket.create({ status: 'pending' });
      const [updated, deleted] = await Promise.all([
        Ticket.findOneAndUpdate({ _id: ticket._id, status: 'pending' }, { $set: { status: 'completed' } }, { new: true }),
        Ticket.findOneAndDelete({ _id: ticket._id, status: 'pending' }),
      ]);
      expect([updated, deleted].filter((r) => r !== null)).toHaveLength(1);
      const stored = await Ticket.findById(ticket._id).lean();
      expect(stored === null).toBe(deleted !== null);
    }
  });
});
