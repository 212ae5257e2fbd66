import { useState } from 'react';
import type { LoginResponse } from '#protocol/auth';
import { serverMessage } from '../../api/http';
import { toast } from '../../ui/toastStore';
import { useHydrated } from '../../ui/useHydrated';
import { browserHasPasskeys, signInWithPasskey, wasCancelled } from './passkeysApi';

type Props = {
  onSignedIn(response: LoginResponse): Promise<void> | void;
  /** Before the ceremony begins (the sign-in form's own preparations, e.g. loading the app). */
  onStart?(): void;
  /** Clears what a failed sign-in may have left on the device. */
  onFailed?(): void;
  /** The page's first way in (issue 44: this device has a passkey for the account last signed in). */
  primary?: boolean;
};

/** 'Logg inn med passnøkkel' on the sign-in pages: no e-mail typed, the device offers its passkeys for this site. */
export function PasskeySignInButton({ onSignedIn, onStart, onFailed, primary = false }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (hydrated && !browserHasPasskeys()) return null;

  async function signIn() {
    setBusy(true);
    onStart?.();
    try {
      await onSignedIn(await signInWithPasskey());
    } catch (error) {
      onFailed?.();
      if (wasCancelled(error)) toast({ title: 'Avbrutt', description: 'Innloggingen med passnøkkel ble avbrutt.' });
      else
        toast({
          title: 'Innloggingsfeil',
          description: serverMessage(error, 'Kunne ikke logge inn med passnøkkel'),
          variant: 'destructive',
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={primary ? 'button button-block' : 'button button-secondary button-block'}
      onClick={() => void signIn()}
      disabled={busy || !hydrated}
      data-testid="passkey-signin"
    >
      {busy ? 'Venter på passnøkkel...' : 'Logg inn med passnøkkel'}
    </button>
  );
}
