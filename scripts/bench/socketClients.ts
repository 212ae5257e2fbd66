// A child process holding many socket.io clients, so their memory and CPU are not the server's.
// Parent → child (IPC): { connect: Target[] }, { reset }, { report }. Child → parent: { connected },
// { received: [description, arrival][] } (ms since the epoch, sub-ms precision).
import { io, type Socket } from 'socket.io-client';

/** A listening socket records `event` by its payload's `key` (a case by its description, unless said otherwise). */
export type Target = { url: string; cookie?: string; query?: Record<string, string>; listen: boolean; event?: string; key?: string };

const sockets: Socket[] = [];
let arrivals: [string, number][] = [];
const now = () => performance.timeOrigin + performance.now();

async function connectAll(targets: Target[]): Promise<void> {
  // A few at a time: 2,000 handshakes at once measure the handshake, not the idle socket.
  for (let i = 0; i < targets.length; i += 50) {
    await Promise.all(
      targets.slice(i, i + 50).map(
        (target) =>
          new Promise<void>((resolve, reject) => {
            const socket = io(target.url, {
              transports: ['websocket'],
              reconnection: false,
              query: target.query,
              extraHeaders: { origin: target.url, ...(target.cookie ? { cookie: target.cookie } : {}) },
            });
            const key = target.key ?? 'description';
            if (target.listen)
              socket.on(target.event ?? 'maintenanceTasks.created', (payload: Record<string, string>) =>
                arrivals.push([payload[key]!, now()]),
              );
            socket.once('connect', () => resolve());
            socket.once('connect_error', (err) => reject(err));
            sockets.push(socket);
          }),
      ),
    );
  }
}

process.on('message', (message: { connect?: Target[]; reset?: true; report?: true; close?: true }) => {
  if (message.connect) {
    connectAll(message.connect).then(
      () => process.send!({ connected: sockets.length }),
      (err: unknown) => process.send!({ error: String(err) }),
    );
  } else if (message.reset) {
    arrivals = [];
    process.send!({ reset: true });
  } else if (message.report) {
    process.send!({ received: arrivals });
  } else if (message.close) {
    for (const socket of sockets) socket.close();
    sockets.length = 0;
    process.send!({ closed: true });
  }
});
process.send!({ ready: true });
