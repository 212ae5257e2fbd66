import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDayNo } from '#protocol';
import { serverMessage } from '../../api/http';
import { addClassesAway, removeClassAway } from './awayStore';
import { dayScope } from '../../stores/dayScope';
import { useAwayClassesStore } from './awayStore';
import { useClassesStore } from '../classes/classesStore';
import { useLoaded } from '../../stores/useLoaded';
import { ListState } from '../../ui/ListState';
import { failureToast, toast } from '../../ui/toastStore';
import { byClassName } from '../classes/byClassName';
import { ClassCheckboxes } from './ClassCheckboxes';
import { DateRangeFields, rangeError, type DateRange } from './DateRangeFields';

interface ClassTripsCardProps {
  scope: string;
  today: string;
}

/**
 * 'Linjer på tur' (spec §4 'Class trip selection'): unchecking a class already on a trip takes it
 * off at once through the server; checking only selects it until 'Lagre linjer på tur'.
 */
export function ClassTripsCard({ scope, today }: ClassTripsCardProps) {
  const id = useId();
  const [range, setRange] = useState<DateRange>({ fromDate: today, toDate: today });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  // A saved class being taken off the trip shows unchecked at once.
  const [unchecking, setUnchecking] = useState<string | null>(null);
  const invalid = rangeError(range) !== null;
  const scopeKey = dayScope(scope, range.fromDate);
  const schoolId = scope || null;

  const classesLoad = useLoaded(useClassesStore, scope);
  const awayLoad = useLoaded(useAwayClassesStore, invalid ? null : scopeKey);
  const classesById = useClassesStore((state) => state.byId);
  const awayIds = useAwayClassesStore((state) => (state.scope === scopeKey ? state.data?.classIds : undefined));

  const classes = useMemo(() => Object.values(classesById).sort(byClassName), [classesById]);
  const saved = useMemo(() => new Set(awayIds ?? []), [awayIds]);
  // A class saved meanwhile (here or by someone else) is no longer a pending choice.
  const toSave = classes.filter((c) => selected.has(c.id) && !saved.has(c.id)).map((c) => c.id);
  const awayClasses = classes.filter((c) => saved.has(c.id));

  function select(classId: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(classId);
      else next.delete(classId);
      return next;
    });
  }

  async function toggle(classId: string, checked: boolean) {
    if (checked || !saved.has(classId)) return select(classId, checked);
    setBusy(true);
    setUnchecking(classId);
    try {
      await removeClassAway(classId, schoolId);
      select(classId, false);
      toast({ title: 'Fjernet linje fra tur' });
    } catch (error) {
      failureToast('Kunne ikke fjerne linje. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setUnchecking(null);
      setBusy(false);
    }
  }

  async function save() {
    if (toSave.length === 0 || invalid || busy) return;
    setBusy(true);
    try {
      await addClassesAway(range, toSave, schoolId);
      setSelected(new Set());
      toast({ title: 'Lagret' });
    } catch (error) {
      failureToast('Kunne ikke lagre. Prøv igjen.', serverMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  const loaded = classesLoad.loaded && (invalid || awayLoad.loaded);
  return (
    <section className="card sick-away-card" aria-labelledby={`${id}-title`} data-testid="class-trips-card">
      <h2 id={`${id}-title`} className="section-title">
        Linjer på tur
      </h2>
      <DateRangeFields value={range} onChange={setRange} testId="class-range" />

      {!loaded ? (
        <ListState
          loaded={loaded}
          failed={classesLoad.failed || awayLoad.failed}
          loadingText="Laster klasser..."
          onRetry={() => {
            classesLoad.retry();
            awayLoad.retry();
          }}
        />
      ) : (
        <>
          {invalid ? null : awayClasses.length === 0 ? (
            <p className="muted">Ingen linjer registrert på tur</p>
          ) : (
            <div className="chip-group">
              <p className="muted chip-caption">På tur {formatDayNo(range.fromDate)}</p>
              <ul className="chip-list" data-testid="class-trip-chips">
                {awayClasses.map((schoolClass) => (
                  <li key={schoolClass.id} className="chip chip-class chip-static" data-testid="class-trip-chip">
                    {schoolClass.className}
                  </li>
                ))}
              </ul>
            </div>
          )}

          {classes.length === 0 ? (
            <p className="muted">
              Ingen klasser lagt til ennå. <Link to="/admin/klasser">Legg til klasser</Link>
            </p>
          ) : (
            <ClassCheckboxes
              legend="Velg klasser"
              classes={classes}
              isChecked={(classId) => (saved.has(classId) && unchecking !== classId) || selected.has(classId)}
              onChange={(classId, checked) => void toggle(classId, checked)}
              disabled={invalid || busy}
              testId="class-checkbox"
            />
          )}
          <button
            type="button"
            className="button"
            disabled={toSave.length === 0 || invalid || busy}
            onClick={() => void save()}
            data-testid="class-trip-save"
          >
            Lagre linjer på tur
          </button>
        </>
      )}
    </section>
  );
}
