import type { SchoolClass } from '#protocol';

interface ClassCheckboxesProps {
  legend: string;
  /** The legend shown (the trip dialog) or read by screen readers only (the card, whose title says it). */
  showLegend?: boolean;
  classes: readonly SchoolClass[];
  isChecked(classId: string): boolean;
  onChange(classId: string, checked: boolean): void;
  disabled?: boolean;
  testId: string;
}

/** Every class of the school as a checkbox, in a box about 8rem high that scrolls (spec §2.5). */
export function ClassCheckboxes({ legend, showLegend, classes, isChecked, onChange, disabled, testId }: ClassCheckboxesProps) {
  return (
    <fieldset className="check-list-box" disabled={disabled}>
      <legend className={showLegend ? 'field-label check-list-legend' : 'visually-hidden'}>{legend}</legend>
      <ul className="check-list" data-testid={`${testId}-list`}>
        {classes.map((schoolClass) => (
          <li key={schoolClass.id}>
            <label className="check-row">
              <input
                type="checkbox"
                checked={isChecked(schoolClass.id)}
                onChange={(event) => onChange(schoolClass.id, event.target.checked)}
                data-testid={testId}
              />
              <span>{schoolClass.className}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
