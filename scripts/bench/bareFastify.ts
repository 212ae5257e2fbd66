import Fastify from 'fastify';

/** A bare Fastify hello-world: the ceiling the app's request path is compared with, in the same run. */
export async function startBareFastify(): Promise<{ base: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}
