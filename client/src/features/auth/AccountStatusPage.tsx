import type { MouseEvent } from 'react';
import { TEXTS } from '#protocol';
import { useAuthStore } from '../../stores/authStore';
import { StatusScreen } from '../../ui/StatusScreen';

function BackToLogin() {
  const signOut = useAuthStore((state) => state.signOut);
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    void signOut();
  };
  return (
    <a href="/login" className="button button-secondary" onClick={onClick} data-testid="back-to-login">
      Tilbake til innlogging
    </a>
  );
}

/** Signed in with status pending (spec §2.2); shown on every path. */
export function PendingPage() {
  return (
    <StatusScreen title="Venter på godkjenning" testId="pending-screen">
      <p>Kontoen din må godkjennes av en administrator før du kan bruke systemet.</p>
      <BackToLogin />
    </StatusScreen>
  );
}

/** Signed in with status deactivated (spec §2.2). */
export function DeactivatedPage() {
  return (
    <StatusScreen title="Konto deaktivert" testId="deactivated-screen">
      <p>{TEXTS.accountDeactivated}</p>
      <BackToLogin />
    </StatusScreen>
  );
}
