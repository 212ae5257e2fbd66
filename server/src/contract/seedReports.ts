// Seeding for the contract suite, not part of the contract: reports are written the way the test
// harness writes them (server/test/reportWrites.ts), so that the calls that read, correct, export
// and delete reports are checked on their own, whatever happens to PUT /api/reports/my.
import type { FixtureUser } from '../../test/fixtures';
import { writeMyReport } from '../../test/reportWrites';
import { signedIn } from '../../test/sessions';

/** Writes the user's report of the day (the app's clock must make it the report day) and gives its id. */
export function reportWrites(baseUrl: string, day: string) {
  return async (user: FixtureUser, content: string, ticks: string[]): Promise<string> => {
    const res = await writeMyReport(await signedIn(baseUrl, user), day, content, ticks);
    if (res.status !== 200 || !res.body.id) throw new Error(`seeding ${user.email}'s report: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
}
