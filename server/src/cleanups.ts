import { registerAuditCleanup } from './features/audit/cleanup';
import { registerPasskeyCleanup } from './features/passkeys/cleanup';
import { registerPasswordResetCleanup } from './features/passwordReset/cleanup';
import { registerPushCleanup } from './features/push/cleanup';
import { registerSecondFactorCleanup } from './features/secondFactor/cleanup';

/**
 * The features' clean-ups for a removed user or school (core/removal), registered as the app is
 * built. A feature with a model that holds a user's or a school's rows adds its own here;
 * server/src/removal.test.ts names the model that has none.
 */
export function registerCleanups(): void {
  registerAuditCleanup();
  registerPasskeyCleanup();
  registerPasswordResetCleanup();
  registerPushCleanup();
  registerSecondFactorCleanup();
}
