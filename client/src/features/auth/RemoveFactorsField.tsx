import { useId } from 'react';

/**
 * On the change-password and reset-password pages (issue 43): whether every passkey and the
 * authenticator app go too, with what is kept otherwise said beside it.
 */
export function RemoveFactorsField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const hintId = useId();
  return (
    <div className="field remove-factors">
      <label className="remove-factors-label">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hintId}
          data-testid="remove-factors"
        />
        <span>Fjern også passnøklene og autentiseringsappen</span>
      </label>
      <p id={hintId} className="field-hint">
        Uten dette beholder du passnøklene og autentiseringsappen du har. Kryss av hvis du tror noen andre kan ha lagt dem til.
      </p>
    </div>
  );
}
