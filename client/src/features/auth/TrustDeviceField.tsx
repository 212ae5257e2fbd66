import { useId } from 'react';
import { TRUSTED_DEVICE_HOURS } from '#protocol/trustedDevices';

/**
 * At the code step of /login (issue 44): whether this device may skip the code for a working day,
 * with what that means said beside it. Off unless ticked.
 */
export function TrustDeviceField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const hintId = useId();
  return (
    <div className="field remove-factors">
      <label className="remove-factors-label">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hintId}
          data-testid="trust-device"
        />
        <span>Husk denne enheten i {TRUSTED_DEVICE_HOURS} timer</span>
      </label>
      <p id={hintId} className="field-hint">
        Da slipper du koden når du logger inn med passord på denne enheten. Bruk det bare på din egen telefon eller PC. Du kan fjerne
        enheten på Min konto.
      </p>
    </div>
  );
}
