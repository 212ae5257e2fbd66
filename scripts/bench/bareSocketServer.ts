// A bare Socket.IO server in its own process: clients join the room named in their query, and
// POST /emit?room=…[&event=…] broadcasts the request body to it as one event. The app's live fan-out is
// compared with this, in the same run, for the same rooms and payload. With BARE_STORE_URI it
// first does the app's write with the plain driver: it stores the case, in a collection with the
// app's indexes, under an id its Idempotency-Key names (as the app does for the board's case dialog, which sends one), then
// broadcasts; the same write without the app around it. With BARE_REDIS_URL it sits behind the
// Socket.IO Redis adapter, as the app's instances do, so two of them show what the hop through
// Redis costs a bare broadcast.
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import mongoose from 'mongoose';
import { createClient } from 'redis';
import { Server } from 'socket.io';

const storeUri = process.env.BARE_STORE_URI;
const database = storeUri ? (await new mongoose.mongo.MongoClient(storeUri).connect()).db() : null;
const cases = database?.collection<{ _id: string; schoolId: string }>('bare_cases');
// The app's case collection's own secondary indexes (BARE_STORE_INDEXES, from its schema), so the
// insert costs here what it costs there, index upkeep included.
for (const keys of JSON.parse(process.env.BARE_STORE_INDEXES ?? '[]') as Record<string, 1 | -1>[]) await cases?.createIndex(keys);
const store = cases
  ? async (key: string, event: Record<string, unknown>) => {
      await cases.insertOne({ ...event, schoolId: 'bare', _id: key });
    }
  : null;

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'POST' || url.pathname !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const event = JSON.parse(body) as Record<string, unknown>;
    const broadcast = () => {
      io.to(url.searchParams.get('room') ?? '').emit(url.searchParams.get('event') ?? 'maintenanceTasks.created', event);
      res.writeHead(201, { 'content-type': 'application/json' }).end(body);
    };
    if (store) store(String(req.headers['idempotency-key']), event).then(broadcast, () => res.writeHead(500).end());
    else broadcast();
  });
});
const io = new Server(http, { serveClient: false });
const redisUrl = process.env.BARE_REDIS_URL;
if (redisUrl) {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  // A channel prefix of their own: the app's instances share the Redis server.
  io.adapter(createAdapter(pub, sub, { key: 'bare' }));
}
io.on('connection', (socket) => {
  const room = socket.handshake.query.room;
  if (typeof room === 'string') void socket.join(room);
});
http.listen(0, '127.0.0.1', () => {
  process.send!({ port: (http.address() as { port: number }).port });
});
