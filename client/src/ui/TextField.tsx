import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import './text.css';

type FieldText = { label: string; error?: string; hint?: string };
type Control = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** A label, a control, an optional hint and error, wired for screen readers: every text field's frame. */
function LabelledField({ label, error, hint, control }: FieldText & { control(wiring: Control): ReactNode }) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with an optional hint and error; `ref` reaches the input (to focus it). */
export function TextField({
  label,
  error,
  hint,
  ...input
}: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> }) {
  return <LabelledField label={label} error={error} hint={hint} control={(wiring) => <input className="input" {...wiring} {...input} />} />;
}

/** A labelled multi-line text with an optional hint and error. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...textarea
}: FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <LabelledField
      label={label}
      error={error}
      hint={hint}
      control={(wiring) => <textarea className={`input multiline ${className}`.trim()} {...wiring} {...textarea} />}
    />
  );
}
