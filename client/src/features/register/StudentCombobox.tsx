import { useId, useMemo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { REGISTER_TEXTS, registerName, STUDENT_NAME_MAX_LENGTH, type RegisterEntry } from '#protocol';
import { useLoaded } from '../../stores/useLoaded';
import { entryNamed, matchEntries } from './matchEntries';
import { useRegisterEntriesStore } from './registerEntriesStore';
import './combobox.css';

/** A name, and the register's id when it was chosen from the register (null when typed freely). */
export type ChosenStudent = { name: string; studentId: string | null };

interface StudentComboboxProps {
  label: string;
  value: ChosenStudent;
  onChange(value: ChosenStudent): void;
  /** '' for an Admin's own school, the chosen school for the Plattformadministrator. */
  scope: string;
  error?: string;
  placeholder?: string;
  /** Beside the input (the card's 'Legg til'). */
  action?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  testId: string;
}

const describe = (entry: RegisterEntry) => [entry.className, entry.house, entry.room && `rom ${entry.room}`].filter(Boolean).join(' · ');

/**
 * A student's name, picked from the school's register as one types (the WAI-ARIA combobox with a
 * list: arrows move, Enter chooses, Escape closes), or typed freely: a name the register lacks is
 * kept, and said to be 'ikke i elevregisteret'. Works from the device's copy of the register off line.
 */
export function StudentCombobox({ label, value, onChange, scope, error, placeholder, action, inputRef, testId }: StudentComboboxProps) {
  const id = useId();
  useLoaded(useRegisterEntriesStore, scope);
  const byId = useRegisterEntriesStore((state) => (state.scope === scope ? state.byId : null));
  const entries = useMemo(() => Object.values(byId ?? {}), [byId]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => (open ? matchEntries(entries, value.name) : []), [entries, value.name, open]);
  const expanded = open && options.length > 0;
  const chosen = value.studentId ? (byId?.[value.studentId] ?? null) : null;
  // Said once the list is closed: while one types, a part of a name is not yet 'not in the register'.
  const notInRegister = !expanded && entries.length > 0 && value.name.trim() !== '' && !value.studentId && !entryNamed(entries, value.name);

  function choose(entry: RegisterEntry) {
    onChange({ name: registerName(entry), studentId: entry.id });
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      // Chooses the student; the form is sent by a second Enter.
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint = chosen
    ? `Fra elevregisteret: ${describe(chosen) || 'uten klasse og rom'}`
    : notInRegister
      ? `Navnet er ${REGISTER_TEXTS.notInRegister}`
      : '';
  const input = (
    <input
      id={`${id}-input`}
      ref={inputRef}
      placeholder={placeholder}
      className="input"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={`${id}-list`}
      aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined}
      value={value.name}
      maxLength={STUDENT_NAME_MAX_LENGTH}
      autoComplete="off"
      enterKeyHint="done"
      onChange={(event) => {
        const name = event.target.value;
        onChange({ name, studentId: chosen && registerName(chosen) === name ? chosen.id : null });
        setOpen(true);
        setActive(-1);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => setOpen(false)}
      data-testid={testId}
    />
  );
  return (
    <div className="field combobox">
      <label className="field-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="combobox-anchor">
        {action ? (
          <div className="inline-form">
            {input}
            {action}
          </div>
        ) : (
          input
        )}
        <ul id={`${id}-list`} role="listbox" aria-label="Forslag fra elevregisteret" className="combobox-list" hidden={!expanded}>
          {options.map((entry, i) => (
            <li
              key={entry.id}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              className="combobox-option"
              // Chosen on press, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(entry);
              }}
              data-testid={`${testId}-option`}
            >
              <span className="combobox-name">{registerName(entry)}</span>
              {describe(entry) && <span className="combobox-meta">{describe(entry)}</span>}
            </li>
          ))}
        </ul>
      </div>
      {hint && (
        <p id={hintId} className="field-hint" data-testid={`${testId}-register`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
