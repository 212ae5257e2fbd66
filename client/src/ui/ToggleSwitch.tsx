import { Switch } from 'radix-ui';
import './switch.css';

interface ToggleSwitchProps {
  /** The id its <label htmlFor> points at. */
  id: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  testId?: string;
}

/** The app's one on/off switch (Radix Switch: role="switch", Space toggles). */
export function ToggleSwitch({ id, checked, onCheckedChange, disabled, testId }: ToggleSwitchProps) {
  return (
    <Switch.Root id={id} className="switch" checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} data-testid={testId}>
      <Switch.Thumb className="switch-thumb" />
    </Switch.Root>
  );
}
