import type { SessionEndReason } from '#protocol/sessionEnd';

/**
 * Work a feature does on this device at sign-out, before the logout call ends the session (the
 * push feature's: this device gets no more notifications for the user leaving it). Each task is
 * best effort; the sign-out waits for them a short while only, never for a slow network.
 */
/** Given why the app signs out: undefined when the person chose to. */
type SignOutTask = (reason: SessionEndReason | undefined) => Promise<unknown>;

const tasks = new Set<SignOutTask>();

export function beforeSignOut(task: SignOutTask): void {
  tasks.add(task);
}

export async function runSignOutTasks(waitMs: number, reason?: SessionEndReason): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const all = Promise.allSettled([...tasks].map((task) => Promise.resolve().then(() => task(reason))));
  await Promise.race([all, timeout]);
  clearTimeout(timer);
}
