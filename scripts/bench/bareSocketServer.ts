// A bare Socket.IO server in its own process: clients join the room named in their query, and
// POST /emit?room=… broadcasts the request body to it as one event. The app's live fan-out is
// compared with this, in the same run, for the same rooms and payload.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method !== 'POST' || url.pathname !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    io.to(url.searchParams.get('room') ?? '').emit('maintenanceTasks.created', JSON.parse(body));
    res.writeHead(201, { 'content-type': 'application/json' }).end(body);
  });
});
const io = new Server(http, { serveClient: false });
io.on('connection', (socket) => {
  const room = socket.handshake.query.room;
  if (typeof room === 'string') void socket.join(room);
});
http.listen(0, '127.0.0.1', () => {
  process.send!({ port: (http.address() as { port: number }).port });
});
