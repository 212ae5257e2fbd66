import { useState } from 'react';
import { useAuthStore } from '../stores/authStore';

export function LogoutButton() {
  const signOut = useAuthStore((state) => state.signOut);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button-secondary"
      data-testid="logout-button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      Logg ut
    </button>
  );
}
