import { signedOutNotice } from '../../stores/signedOutNotice';
import { useHydrated } from '../../ui/useHydrated';

/**
 * Why this tab was just signed out ('Kontoen din er deaktivert…', 'Du ble logget ut etter 2
 * minutter uten aktivitet.'), said once at the top of the sign-in card. Shown once React runs: the
 * prerendered page has no way to know.
 */
export function SignedOutNotice() {
  const hydrated = useHydrated();
  const text = signedOutNotice();
  if (!hydrated || !text) return null;
  return (
    <p className="notice notice-warning" role="alert" data-testid="signed-out-notice">
      {text}
    </p>
  );
}
