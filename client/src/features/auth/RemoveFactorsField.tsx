import { CheckboxField } from './CheckboxField';

/**
 * On the change-password and reset-password pages (issue 43): whether every passkey and the
 * authenticator app go too, with what is kept otherwise said beside it.
 */
export function RemoveFactorsField({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <CheckboxField
      checked={checked}
      onChange={onChange}
      testId="remove-factors"
      label="Fjern også passnøklene og autentiseringsappen"
      hint="Uten dette beholder du passnøklene og autentiseringsappen du har. Kryss av hvis du tror noen andre kan ha lagt dem til."
    />
  );
}
