// A bare Fastify in its own process, as the app runs in its own: the ceiling the app's request path
// is compared with, in the same run. /hello is the hello-world; /bytes/:n answers a JSON text of n
// bytes, made once, for a read whose answer is large (the same bytes on the wire, nothing else).
// Tells its parent the port over IPC.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const texts = new Map<number, string>();
app.get<{ Params: { n: string } }>('/bytes/:n', async (request, reply) => {
  const n = Math.max(16, Math.min(5_000_000, Number(request.params.n) || 16));
  let text = texts.get(n);
  if (!text) texts.set(n, (text = JSON.stringify({ text: 'x'.repeat(n - 11) })));
  return reply.type('application/json; charset=utf-8').send(text);
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.send!({ port: (app.server.address() as { port: number }).port });
