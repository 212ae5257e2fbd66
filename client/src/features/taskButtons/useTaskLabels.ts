import { useCallback } from 'react';
import { useTaskButtonsStore } from './taskButtonsStore';
import { useLoaded } from '../../stores/useLoaded';

/**
 * Task ids as their school's labels; an id the school does not have (or before the labels have
 * arrived) reads 'Oppgave {id}'. Reports do not say their school: the Plattformadministrator sees
 * the labels of the school chosen for the admin screens.
 */
export function useTaskLabels(schoolId: string | null): (id: string) => string {
  const { loaded } = useLoaded(useTaskButtonsStore, schoolId || null);
  const byId = useTaskButtonsStore((state) => state.byId);
  const known = loaded ? byId : null;
  return useCallback((id: string) => known?.[id]?.label ?? `Oppgave ${id}`, [known]);
}
