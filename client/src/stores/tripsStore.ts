import type { Deleted, Trip } from '#protocol';
import { fetchTrips } from '../api/away';
import { scopeSchool, useAwayClassesStore, useAwayStore } from './boardStores';
import type { EventHandlers } from '../realtime/eventHandlers';
import { createCollectionStore } from './collection';

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
