import { Select } from 'radix-ui';
import { ChevronIcon } from './icons';
import './select.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  id?: string;
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  ariaLabel?: string;
  invalid?: boolean;
  describedBy?: string;
}

/** A Radix select styled like the text inputs. */
export function SelectField({
  id,
  value,
  onChange,
  options,
  placeholder,
  disabled,
  testId,
  ariaLabel,
  invalid,
  describedBy,
}: SelectFieldProps) {
  return (
    <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
      <Select.Trigger
        id={id}
        className="input select-trigger"
        data-testid={testId}
        aria-label={ariaLabel}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      >
        <Select.Value placeholder={placeholder} />
        <Select.Icon>
          <ChevronIcon style={{ transform: 'rotate(90deg)' }} />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className="select-content" position="popper" sideOffset={4}>
          <Select.Viewport className="select-viewport">
            {options.map((option) => (
              <Select.Item key={option.value} value={option.value} className="select-item">
                <Select.ItemText>{option.label}</Select.ItemText>
                <Select.ItemIndicator aria-hidden="true">✓</Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
