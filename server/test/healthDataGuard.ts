import { SickRecord } from '../src/features/sick/model';
import { findEverywhere } from './everySchool';
import { receivedPayloads } from './pushService';

/** Shorter texts (an initial, 'ok') would match by chance; no real name or comment is this short. */
const SHORTEST = 3;

/**
 * Health data never leaves in a push payload (issue 32): every payload this test file's push
 * services decrypted, against every sick student's name and every comment on the sick lists as
 * they are when the test server closes. Returns what leaked, as 'name: payload'.
 */
export async function healthDataInPushes(): Promise<string[]> {
  const payloads = receivedPayloads();
  if (payloads.length === 0) return [];
  const lists = (await findEverywhere(SickRecord)) as Array<{ comment?: string; students?: Array<{ name: string; comment?: string }> }>;
  const secrets = new Set(
    lists
      .flatMap((list) => [list.comment ?? '', ...(list.students ?? []).flatMap((student) => [student.name, student.comment ?? ''])])
      .map((text) => text.trim())
      .filter((text) => text.length >= SHORTEST),
  );
  return payloads.flatMap((payload) => [...secrets].filter((secret) => payload.includes(secret)).map((secret) => `${secret}: ${payload}`));
}
