import type { FastifyInstance } from 'fastify';
import { Schema, model } from 'mongoose';
import { badRequest } from '../httpError';
import { trusted } from '../db/trusted';
import { isDuplicateKey } from '../db/duplicateKey';
import { insertDocument } from '../db/insertDocument';

/**
 * Idempotent creates: a client sends `Idempotency-Key` with a request that makes something (a
 * case sent to the caretaker, a task); the same key again, at once or later, gets the first
 * answer instead of making it twice. A double tap, a retry after a lost answer, or a request
 * replayed by a flaky network all act once. Keys are per user and route, kept for a day.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 10_000;

const recordSchema = new Schema(
  {
    _id: { type: String, required: true },
    createdAt: { type: Date, required: true },
    statusCode: { type: Number, default: null },
    body: { type: String, default: null },
  },
  { versionKey: false },
);
recordSchema.index({ createdAt: 1 });
const IdempotencyRecord = model('IdempotencyRecord', recordSchema);

type Answered = { statusCode: number; body: string };

async function firstAnswer(id: string): Promise<Answered | null> {
  const started = Date.now();
  while (Date.now() - started < WAIT_FOR_FIRST_MS) {
    const found = await IdempotencyRecord.findById(id).lean();
    if (!found) return null;
    if (typeof found.statusCode === 'number' && typeof found.body === 'string') return { statusCode: found.statusCode, body: found.body };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', undefined);

  // After access and validation: the key belongs to the signed-in user and a valid request.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (!request.routeOptions.config.idempotent || header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest('Ugyldig Idempotency-Key');
    const id = `${request.currentUser?._id.toHexString() ?? 'anon'}:${request.method} ${request.routeOptions.url}:${header}`;
    try {
      await insertDocument(IdempotencyRecord, { _id: id, createdAt: new Date() });
      request.idempotencyKey = id;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const first = await firstAnswer(id);
      if (!first) throw badRequest('Forespørselen behandles allerede. Prøv igjen om litt.');
      return reply.status(first.statusCode).type('application/json; charset=utf-8').send(first.body);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyKey;
    if (!id) return payload;
    // A failure is not remembered: the same key may try again.
    if (reply.statusCode >= 400) await IdempotencyRecord.deleteOne({ _id: id });
    else if (typeof payload === 'string') await IdempotencyRecord.updateOne({ _id: id }, { $set: { statusCode: reply.statusCode, body: payload } });
    return payload;
  });

  const timer = setInterval(() => {
    IdempotencyRecord.deleteMany({ createdAt: trusted({ $lt: new Date(Date.now() - KEEP_MS) }) }).catch(() => undefined);
  }, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
