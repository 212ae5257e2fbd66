import { Select } from 'radix-ui';
import type { SchoolOption } from '../../../../protocol/src';
import { ChevronIcon } from '../../ui/icons';
import '../../ui/select.css';

interface SchoolSelectProps {
  id: string;
  value: string;
  onChange(value: string): void;
  schools: readonly SchoolOption[];
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

export function SchoolSelect({ id, value, onChange, schools, disabled, invalid, describedBy }: SchoolSelectProps) {
  return (
    <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
      <Select.Trigger
        id={id}
        className="input select-trigger"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        data-testid="register-school"
      >
        <Select.Value placeholder="Velg skole" />
        <Select.Icon>
          <ChevronIcon style={{ transform: 'rotate(90deg)' }} />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className="select-content" position="popper" sideOffset={4}>
          <Select.Viewport className="select-viewport">
            {schools.map((school) => (
              <Select.Item key={school.id} value={school.id} className="select-item">
                <Select.ItemText>{school.name}</Select.ItemText>
                <Select.ItemIndicator aria-hidden="true">✓</Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
