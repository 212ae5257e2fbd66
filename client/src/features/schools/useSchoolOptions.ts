import type { SchoolOption } from '#protocol';
import { useSchoolOptionsStore } from './schoolOptionsStore';
import { useLoaded } from '../../stores/useLoaded';

export type SchoolOptionsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; schools: SchoolOption[] };

/** The active schools for the register dropdown, loaded on each visit to the page. */
export function useSchoolOptions(): SchoolOptionsState {
  const { loaded, failed } = useLoaded(useSchoolOptionsStore, '');
  const schools = useSchoolOptionsStore((state) => state.data);
  if (loaded && schools) return { status: 'ready', schools };
  return failed ? { status: 'error' } : { status: 'loading' };
}
