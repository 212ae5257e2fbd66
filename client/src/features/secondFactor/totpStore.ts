import type { TotpStatus } from '#protocol/secondFactor';
import { createSnapshotStore } from '../../stores/snapshot';
import { beginTotpSetup, confirmTotpSetup, fetchTotpStatus, turnTotpOff } from './secondFactorApi';

/** Whether the user's authenticator app is on (scope ''): asked each time Min konto is shown. */
export const useTotpStore = createSnapshotStore<TotpStatus>(() => fetchTotpStatus(), { keptLive: false });

export const totpActions = {
  begin: beginTotpSetup,
  /** Turns it on; answers the recovery codes to show once. */
  async confirm(code: string): Promise<string[]> {
    const { recoveryCodes } = await confirmTotpSetup(code);
    useTotpStore.getState().receive({ enabled: true, recoveryCodesLeft: recoveryCodes.length });
    return recoveryCodes;
  },
  /** After a fresh proof (which took the code): no code of its own. */
  async turnOff(): Promise<string> {
    const { message } = await turnTotpOff();
    useTotpStore.getState().receive({ enabled: false, recoveryCodesLeft: 0 });
    return message;
  },
};
