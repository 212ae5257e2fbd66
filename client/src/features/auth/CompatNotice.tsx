import { browserName, compatMarker } from '../../api/browser';

/** Shown on the login screen in Safari and Chrome (spec §2.1). */
export function CompatNotice() {
  if (!compatMarker()) return null;
  return (
    <p className="notice compat-notice" role="note" data-testid="compat-notice">
      Kompatibilitetsmodus: Du bruker {browserName}. Innloggingen er tilpasset denne nettleseren.
    </p>
  );
}
