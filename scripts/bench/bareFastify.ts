// A bare Fastify hello-world in its own process, as the app runs in its own: the ceiling the app's
// request path is compared with, in the same run. Tells its parent the port over IPC.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.send!({ port: (app.server.address() as { port: number }).port });
