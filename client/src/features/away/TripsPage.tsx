import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { compareDays, formatBackOnNo, formatDayNo, formatTimestampNo, type SchoolClass, type Trip } from '#protocol';
import { serverMessage } from '../../api/http';
import { useClassesStore } from '../classes/classesStore';
import { tripActions, useTripsStore } from './tripsStore';
import { useLoaded } from '../../stores/useLoaded';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListState } from '../../ui/ListState';
import { SelectField } from '../../ui/SelectField';
import { failureToast, toast } from '../../ui/toastStore';
import { byClassName } from '../classes/byClassName';
import { useToday } from '../../ui/useToday';
import { TripEditDialog } from './TripEditDialog';
import '../../ui/chips.css';
import './sickAndAway.css';
import { AdminScreen } from '../../ui/AdminScreen';
import { SchoolScoped } from '../schools/SchoolScoped';

type Sort = 'desc' | 'asc';
const SORT_OPTIONS = [
  { value: 'desc', label: 'Nyeste først' },
  { value: 'asc', label: 'Eldste først' },
] as const;

function byDate(sort: Sort) {
  const direction = sort === 'desc' ? -1 : 1;
  return (a: Trip, b: Trip) =>
    direction * (compareDays(a.fromDate, b.fromDate) || compareDays(a.toDate, b.toDate) || a.updatedAt.localeCompare(b.updatedAt));
}

/** /admin/reiser (Admin, Plattformadministrator for a chosen school): every trip, live. */
export function TripsPage() {
  return (
    <AdminScreen title="Reiser" testId="trips-page">
      <SchoolScoped pickText="Velg en skole for å se reisene.">{({ query }) => <TripLists scope={query} />}</SchoolScoped>
    </AdminScreen>
  );
}

function TripLists({ scope }: { scope: string }) {
  const today = useToday();
  const [sort, setSort] = useState<Sort>('desc');
  const [editing, setEditing] = useState<Trip | null>(null);
  const [removing, setRemoving] = useState<Trip | null>(null);
  const { loaded, failed, retry } = useLoaded(useTripsStore, scope);
  useLoaded(useClassesStore, scope);
  const byId = useTripsStore((state) => state.byId);
  const classesById = useClassesStore((state) => state.byId);
  const schoolId = scope || null;

  const { active, archived } = useMemo(() => {
    const trips = Object.values(byId).sort(byDate(sort));
    // Archived once the last day is before today in Oslo (DECISIONS).
    return {
      active: trips.filter((trip) => compareDays(trip.toDate, today) >= 0),
      archived: trips.filter((trip) => compareDays(trip.toDate, today) < 0),
    };
  }, [byId, sort, today]);
  const classes = useMemo(() => Object.values(classesById).sort(byClassName), [classesById]);

  async function remove(trip: Trip) {
    try {
      await tripActions.remove(trip, schoolId);
      toast({ title: 'Reise fjernet' });
    } catch (error) {
      failureToast('Kunne ikke fjerne reise. Prøv igjen.', serverMessage(error, ''));
    }
  }

  const list = (trips: Trip[], empty: string, editable: boolean) =>
    !loaded ? (
      <ListState loaded={loaded} failed={failed} loadingText="Laster reiser..." onRetry={retry} />
    ) : trips.length === 0 ? (
      <p className="empty">{empty}</p>
    ) : (
      <ul className="row-list" data-testid={editable ? 'active-trips' : 'archived-trips'}>
        {trips.map((trip) => (
          <TripCard
            key={trip.id}
            trip={trip}
            classesById={classesById}
            today={today}
            onEdit={editable ? () => setEditing(trip) : undefined}
            onRemove={editable ? () => setRemoving(trip) : undefined}
          />
        ))}
      </ul>
    );

  return (
    <>
      <div className="trips-toolbar">
        <div className="trips-sort">
          <label className="field-label" htmlFor="trips-sort">
            Sortering
          </label>
          <SelectField
            id="trips-sort"
            value={sort}
            onChange={(value) => setSort(value as Sort)}
            options={SORT_OPTIONS}
            testId="trips-sort"
          />
        </div>
        <Link to="/admin/syke-og-bortreist" className="button button-secondary" data-testid="register-trip">
          Registrer ny reise
        </Link>
      </div>

      <Tabs.Root defaultValue="active">
        <Tabs.List className="tabs-list" aria-label="Reiser">
          <Tabs.Trigger value="active" className="tabs-trigger" data-testid="tab-active-trips">
            Aktive reiser ({active.length})
          </Tabs.Trigger>
          <Tabs.Trigger value="archive" className="tabs-trigger" data-testid="tab-archived-trips">
            Arkiv ({archived.length})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="active" className="tabs-content">
          {list(active, 'Ingen aktive reiser', true)}
        </Tabs.Content>
        <Tabs.Content value="archive" className="tabs-content">
          {list(archived, 'Ingen arkiverte reiser', false)}
        </Tabs.Content>
      </Tabs.Root>

      {editing && <TripEditDialog key={editing.id} trip={editing} classes={classes} schoolId={schoolId} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Fjern reise"
        description="Er du sikker på at du vil fjerne denne reisen?"
        confirmLabel="Fjern"
        onConfirm={() => removing && remove(removing)}
        testId="remove-trip-dialog"
      />
    </>
  );
}

interface TripCardProps {
  trip: Trip;
  classesById: Readonly<Record<string, SchoolClass>>;
  today: string;
  onEdit?(): void;
  onRemove?(): void;
}

function TripCard({ trip, classesById, today, onEdit, onRemove }: TripCardProps) {
  const classNames = trip.classIds.flatMap((id) => (classesById[id] ? [classesById[id].className] : []));
  return (
    <li className="card trip-card" data-testid="trip">
      {trip.name && (
        <p className="trip-title" data-testid="trip-name">
          {trip.name}
        </p>
      )}
      {/* The spec's line 'fra {date} til {date}'; as the card's title (no name) it starts with a capital. */}
      <p className={trip.name ? 'trip-line' : 'trip-title'}>
        {trip.name ? 'fra' : 'Fra'} {formatDayNo(trip.fromDate)} til {formatDayNo(trip.toDate)}
      </p>
      {trip.toDate === today && <p className="pill pill-warning">{formatBackOnNo(trip.toDate)}</p>}
      {trip.studentNames.length > 0 && (
        <p className="trip-line">
          <span className="muted">Elever: </span>
          {trip.studentNames.join(', ')}
        </p>
      )}
      {classNames.length > 0 && (
        <p className="trip-line">
          <span className="muted">Klasser: </span>
          {classNames.join(', ')}
        </p>
      )}
      <p className="muted trip-line">Oppdatert {formatTimestampNo(trip.updatedAt)}</p>
      {(onEdit || onRemove) && (
        <div className="trip-actions">
          <button type="button" className="button button-secondary button-small" onClick={onEdit} data-testid="trip-edit">
            Rediger
          </button>
          <button type="button" className="button button-danger-outline button-small" onClick={onRemove} data-testid="trip-remove">
            Fjern
          </button>
        </div>
      )}
    </li>
  );
}
