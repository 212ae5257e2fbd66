import { z } from 'zod';
import { STORAGE_KEY_LAST_ACCOUNT } from '#protocol/product';

/**
 * The account last signed in on this device (issue 44), so coming back after the idle sign-out
 * takes seconds: the e-mail filled in, and 'Logg inn med passnøkkel' first where a passkey for it
 * was made or used on this device. Kept by the device only (nothing asked of the server, so the
 * sign-in page tells no stranger which accounts exist); never the password. 'Ikke deg?' forgets it.
 * It outlives sign-out on purpose: it is no sign-in, only what the form would autofill.
 */
const rememberedSchema = z.object({ email: z.string().email(), passkey: z.boolean() });
export type RememberedAccount = z.infer<typeof rememberedSchema>;

export function rememberedAccount(): RememberedAccount | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY_LAST_ACCOUNT);
    const parsed = raw ? rememberedSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function keep(account: RememberedAccount): void {
  try {
    localStorage.setItem(STORAGE_KEY_LAST_ACCOUNT, JSON.stringify(account));
  } catch {
    // Storage disabled: the form is just empty next time.
  }
}

/**
 * Signed in as this e-mail: remembered. `passkey` true when it was with a passkey (this device has
 * one); a password sign-in keeps what was known of the same account.
 */
export function rememberAccount(email: string, passkey = false): void {
  const known = rememberedAccount();
  const same = known?.email.toLowerCase() === email.toLowerCase();
  keep({ email, passkey: passkey || (same && known.passkey) });
}

/** A passkey was made on this device for the signed-in account (Min konto), or none is left. */
export function notePasskeyOnDevice(email: string, present: boolean): void {
  const known = rememberedAccount();
  if (present) keep({ email, passkey: true });
  else if (known && known.email.toLowerCase() === email.toLowerCase()) keep({ ...known, passkey: false });
}

/** 'Ikke deg?': nothing of the account is kept on this device. */
export function forgetAccount(): void {
  try {
    localStorage.removeItem(STORAGE_KEY_LAST_ACCOUNT);
  } catch {
    // Nothing kept either.
  }
}
