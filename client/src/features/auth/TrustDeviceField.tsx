import { TRUSTED_DEVICE_HOURS } from '#protocol/trustedDevices';
import { CheckboxField } from './CheckboxField';

/**
 * At the code step of /login (issue 44): whether this device may skip the code for a working day,
 * with what that means said beside it. Off unless ticked.
 */
export function TrustDeviceField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <CheckboxField
      checked={checked}
      onChange={onChange}
      testId="trust-device"
      label={`Husk denne enheten i ${TRUSTED_DEVICE_HOURS} timer`}
      hint="Da slipper du koden når du logger inn med passord på denne enheten. Bruk det bare på din egen telefon eller PC. Du kan fjerne enheten på Min konto."
    />
  );
}
