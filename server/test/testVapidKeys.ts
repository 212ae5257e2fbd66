import webpush from 'web-push';

let keys: { publicKey: string; privateKey: string } | undefined;

/** One VAPID key pair per test run's process, given to every server it starts (instances of one app share theirs). */
export function testVapidEnv(): Record<string, string> {
  keys ??= webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:drift@tilsynsvakt.invalid' };
}
