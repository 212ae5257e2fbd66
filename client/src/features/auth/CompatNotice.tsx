import { browserName, compatMarker } from '../../api/browser';
import { useHydrated } from '../../ui/useHydrated';
import './auth.css';

/** Shown on the login screen in Safari and Chrome (spec §2.1); the prerendered page knows no browser. */
export function CompatNotice() {
  if (!useHydrated() || !compatMarker()) return null;
  return (
    <p className="notice compat-notice" role="note" data-testid="compat-notice">
      Kompatibilitetsmodus: Du bruker {browserName}. Innloggingen er tilpasset denne nettleseren.
    </p>
  );
}
