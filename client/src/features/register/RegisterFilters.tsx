import { useId } from 'react';
import type { RegisterStudentRecord } from '#protocol';
import { SelectField } from '../../ui/SelectField';
import { choicesOf, type RegisterFilter } from './registerFilter';

/** Radix's select takes no empty value: 'alle' stands for no filter. */
const ALL = 'alle';

/** The register's search and filters: text, class, house, and whether those who left are shown. */
export function RegisterFilters({
  students,
  filter,
  onChange,
}: {
  students: readonly RegisterStudentRecord[];
  filter: RegisterFilter;
  onChange(filter: RegisterFilter): void;
}) {
  const id = useId();
  const classOptions = [{ value: ALL, label: 'Alle klasser' }, ...choicesOf(students, 'className').map((c) => ({ value: c, label: c }))];
  const houseOptions = [{ value: ALL, label: 'Alle internat' }, ...choicesOf(students, 'house').map((h) => ({ value: h, label: h }))];
  return (
    <div className="card register-filters" role="search" aria-label="Søk i elevregisteret" data-testid="register-filters">
      <div className="field register-search">
        <label className="field-label" htmlFor={`${id}-text`}>
          Søk
        </label>
        <input
          id={`${id}-text`}
          type="search"
          className="input"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
          placeholder="Navn, klasse, internat eller rom"
          autoComplete="off"
          data-testid="register-search"
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-class`}>
          Klasse
        </label>
        <SelectField
          id={`${id}-class`}
          value={filter.className || ALL}
          onChange={(value) => onChange({ ...filter, className: value === ALL ? '' : value })}
          options={classOptions}
          testId="register-class-filter"
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-house`}>
          Internat
        </label>
        <SelectField
          id={`${id}-house`}
          value={filter.house || ALL}
          onChange={(value) => onChange({ ...filter, house: value === ALL ? '' : value })}
          options={houseOptions}
          testId="register-house-filter"
        />
      </div>
      <label className="register-with-left">
        <input
          type="checkbox"
          checked={filter.withLeft}
          onChange={(event) => onChange({ ...filter, withLeft: event.target.checked })}
          data-testid="register-with-left"
        />
        <span>Vis også elever som har sluttet</span>
      </label>
    </div>
  );
}
