import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldValues<F extends string> = Record<F, string>;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per field, in the order the schema found them. */
export function fieldErrorsOf<F extends string>(error: z.ZodError, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) errors[field as F] ??= issue.message;
  }
  return errors;
}

/** Only the errors of fields that hold something: an empty required field is not reported. */
export function errorsOfFilledFields<F extends string>(errors: FieldErrors<F>, values: FieldValues<F>): FieldErrors<F> {
  const kept: FieldErrors<F> = {};
  for (const field of Object.keys(errors) as F[]) if (values[field].trim()) kept[field] = errors[field];
  return kept;
}

interface SchemaFormOptions<F extends string, Body> {
  /** The protocol's schema of what is sent: the form checks exactly what the server will. */
  schema: z.ZodType<Body>;
  initial: FieldValues<F>;
  /**
   * What an invalid form shows instead of each field's own error (a toast, nothing). The
   * errors it returns are shown under their fields.
   */
  onInvalid?(errors: FieldErrors<F>, values: FieldValues<F>): FieldErrors<F> | void;
  /**
   * Once submitted, the errors follow what is typed (the schema's own messages, checked again on
   * every change) until the form is reset or its errors cleared.
   */
  recheck?: boolean;
  /** Sends the parsed body; the form is busy until it settles. */
  onValid(body: Body): Promise<unknown> | unknown;
}

/** One form's text fields, checked against a protocol schema before anything is sent. */
export function useSchemaForm<F extends string, Body>({
  schema,
  initial,
  onInvalid,
  recheck = false,
  onValid,
}: SchemaFormOptions<F, Body>) {
  const [values, setValues] = useState<FieldValues<F>>(initial);
  const [submitErrors, setErrors] = useState<FieldErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // A second press in the same moment must not send twice: state alone is read from the last render.
  const sending = useRef(false);

  // The same function every render, so an effect may depend on it.
  const setValue = useCallback((field: F, value: string): void => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const fields = Object.keys(initial) as F[];
  function errorsIn(current: FieldValues<F>): FieldErrors<F> {
    const parsed = schema.safeParse(current);
    return parsed.success ? {} : fieldErrorsOf(parsed.error, fields);
  }
  const errors = recheck && submitted ? errorsIn(values) : submitErrors;

  function clearErrors(): void {
    setErrors({});
    setSubmitted(false);
  }

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error, fields);
      setErrors(onInvalid ? (onInvalid(found, values) ?? {}) : found);
      return;
    }
    setErrors({});
    sending.current = true;
    setBusy(true);
    try {
      await onValid(parsed.data);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return {
    values,
    errors,
    busy,
    setValue,
    onSubmit,
    reset: () => {
      setValues(initial);
      clearErrors();
    },
    /** The errors go, what was typed stays (a dialog closed without sending). */
    clearErrors,
    /** A text field's value, change handler and error. */
    field: (name: F) => ({
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
      error: errors[name],
    }),
  };
}
