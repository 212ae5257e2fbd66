import { SessionModel } from '../src/core/sessions/sessionModel';
import { ApiClient } from './httpClient';
import { PASSWORD, type FixtureUser } from './fixtures';

/** A client signed in as the user (pending and deactivated users can sign in too). */
export async function signedIn(baseUrl: string, user: FixtureUser): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const res = await client.login(user.email, PASSWORD);
  if (res.status !== 200) throw new Error(`login as ${user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** The data of the session a cookie names (as the browser holds the cookie), or null. */
export async function storedSession(
  cookie: string | null | undefined,
): Promise<{ userId?: string; pending?: Record<string, unknown> } | null> {
  if (!cookie) return null;
  const value = decodeURIComponent(cookie);
  const row = await SessionModel.findById(value.slice(0, value.lastIndexOf('.'))).lean();
  return row ? (JSON.parse(row.data) as { userId?: string; pending?: Record<string, unknown> }) : null;
}

/** Who that session is signed in as: null for no session, or a visitor's (which keeps only what the browser began before signing in). */
export async function signedInAs(cookie: string | null | undefined): Promise<string | null> {
  return (await storedSession(cookie))?.userId ?? null;
}
