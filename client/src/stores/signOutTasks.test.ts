import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeSignOut, runSignOutTasks } from './signOutTasks';

afterEach(() => {
  vi.useRealTimers();
});

describe("the features' sign-out tasks", () => {
  it('are all run, and a failing one does not stop the others or the sign-out', async () => {
    const done: string[] = [];
    beforeSignOut(async () => {
      throw new Error('nettet borte');
    });
    beforeSignOut(async () => {
      done.push('varsler av');
    });
    await runSignOutTasks(1000);
    expect(done).toEqual(['varsler av']);
  });

  it('are waited for a short while only', async () => {
    vi.useFakeTimers();
    beforeSignOut(() => new Promise(() => {}));
    let finished = false;
    const run = runSignOutTasks(1500).then(() => {
      finished = true;
    });
    await vi.advanceTimersByTimeAsync(1499);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(finished).toBe(true);
  });
});
