import { tripSchema, type Deleted, type Trip, type UpdateTripBody } from '#protocol';
import { deleteTrip, fetchTrips, updateTrip } from './awayApi';
import { conflictCurrent, errorCode } from '../../api/http';
import { scopeSchool } from '../../stores/dayScope';
import { useAwayClassesStore, useAwayStore } from './awayStore';
import { registerEventHandlers, type EventHandlers } from '../../realtime/eventHandlers';
import { createCollectionStore } from '../../stores/collection';

/**
 * Every trip of one school (/admin/reiser). The scope is '' for an Admin and the chosen school for
 * the Plattformadministrator, whose platform room hears every school's trips.
 */
export const useTripsStore = createCollectionStore<Trip>({
  fetch: (scope) => fetchTrips(scope || null),
  belongs: (trip, scope) => scope === '' || trip.schoolId === scope,
});

/** Who is away on the day on screen depends on the trips: those views ask again. */
function refreshAwayViews(schoolId: string | null): void {
  for (const store of [useAwayStore.getState(), useAwayClassesStore.getState()]) {
    if (store.status === 'idle' || store.scope === null) continue;
    const school = scopeSchool(store.scope);
    if (schoolId === null || school === '' || school === schoolId) void store.reload();
  }
}

export function tripSaved(trip: Trip): void {
  useTripsStore.getState().put(trip);
  refreshAwayViews(trip.schoolId);
}

export function tripDeleted({ id }: Deleted): void {
  useTripsStore.getState().remove(id);
  refreshAwayViews(null);
}

export const tripEvents: EventHandlers<'trips.saved' | 'trips.deleted'> = {
  'trips.saved': tripSaved,
  'trips.deleted': tripDeleted,
};
registerEventHandlers(tripEvents);

/**
 * Gone or archived meanwhile (notFound, conflict): the list is asked again. Changed meanwhile
 * (editConflict): the trip as it is now goes into the list. Either way the failure is passed on.
 */
async function orReload<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'notFound' || code === 'conflict') void useTripsStore.getState().reload();
    const current = conflictCurrent(error, tripSchema);
    if (current) useTripsStore.getState().put(current);
    throw error;
  }
}

// Editing and removing a trip ('/admin/reiser'); schoolId is null for an Admin's own school. The
// answer goes into the list at once; the event that follows carries the same and asks the away lists again.
export const tripActions = {
  async update(trip: Trip, body: UpdateTripBody, schoolId: string | null): Promise<void> {
    useTripsStore.getState().put(await orReload(updateTrip(trip.id, body, schoolId)));
  },
  async remove(trip: Trip, schoolId: string | null): Promise<void> {
    useTripsStore.getState().remove((await orReload(deleteTrip(trip.id, schoolId))).id);
  },
};
