import { useId, type ReactNode } from 'react';

type CheckboxFieldProps = { checked: boolean; onChange(checked: boolean): void; label: ReactNode; hint: ReactNode; testId: string };

/** A choice of the sign-in and password pages: a checkbox, its label, and what it means said beside it. */
export function CheckboxField({ checked, onChange, label, hint, testId }: CheckboxFieldProps) {
  const hintId = useId();
  return (
    <div className="field remove-factors">
      <label className="remove-factors-label">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hintId}
          data-testid={testId}
        />
        <span>{label}</span>
      </label>
      <p id={hintId} className="field-hint">
        {hint}
      </p>
    </div>
  );
}
