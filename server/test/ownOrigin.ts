import { freePort } from './compiledServer';

/**
 * The environment of a test server that knows its own address before it starts (PUBLIC_ORIGIN,
 * which SMTP_URL requires): a free loopback port, and the origin on it. startTestServer listens on PORT.
 */
export async function ownOriginEnv(): Promise<{ PORT: string; PUBLIC_ORIGIN: string }> {
  const port = await freePort();
  return { PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` };
}
