import { ApiClient } from './httpClient';
import { PASSWORD, type FixtureUser } from './fixtures';

/** A client signed in as the user (pending and deactivated users can sign in too). */
export async function signedIn(baseUrl: string, user: FixtureUser): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const res = await client.login(user.email, PASSWORD);
  if (res.status !== 200) throw new Error(`login as ${user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}
