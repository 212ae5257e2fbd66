import { useId } from 'react';
import { AWAY_TEXTS, compareDays, isValidDay } from '#protocol';

export interface DateRange {
  fromDate: string;
  toDate: string;
}

/** Why a range cannot be saved, or null: both days real, from not after to (the server says the same). */
export function rangeError(range: DateRange): string | null {
  if (!isValidDay(range.fromDate) || !isValidDay(range.toDate)) return 'Velg gyldige datoer';
  if (compareDays(range.fromDate, range.toDate) > 0) return AWAY_TEXTS.datesOrder;
  return null;
}

interface DateRangeFieldsProps {
  value: DateRange;
  onChange(range: DateRange): void;
  disabled?: boolean;
  testId?: string;
}

/** 'Fra' and 'Til' date inputs side by side, with the range's error under them. */
export function DateRangeFields({ value, onChange, disabled, testId }: DateRangeFieldsProps) {
  const id = useId();
  const error = rangeError(value);
  return (
    <div className="date-range" data-testid={testId}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-from`}>
          Fra
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input"
          value={value.fromDate}
          disabled={disabled}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...value, fromDate: event.target.value })}
          data-testid={testId && `${testId}-from`}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-to`}>
          Til
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input"
          value={value.toDate}
          min={isValidDay(value.fromDate) ? value.fromDate : undefined}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...value, toDate: event.target.value })}
          data-testid={testId && `${testId}-to`}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error date-range-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
