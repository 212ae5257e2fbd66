import { createServer, type AddressInfo } from 'node:net';

/**
 * The environment of a test server that knows its own address before it starts (PUBLIC_ORIGIN,
 * which SMTP_URL requires): a free loopback port, and the origin on it. startTestServer listens on PORT.
 */
export async function ownOriginEnv(): Promise<{ PORT: string; PUBLIC_ORIGIN: string }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return { PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` };
}
