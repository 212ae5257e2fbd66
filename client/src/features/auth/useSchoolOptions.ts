import { useEffect, useState } from 'react';
import type { SchoolOption } from '#protocol';
import { fetchSchoolOptions } from '../../api/schools';

export type SchoolOptionsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; schools: SchoolOption[] };

/** The active schools for the register dropdown, loaded once per visit to the page. */
export function useSchoolOptions(): SchoolOptionsState {
  const [state, setState] = useState<SchoolOptionsState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    fetchSchoolOptions()
      .then((schools) => !cancelled && setState({ status: 'ready', schools }))
      .catch(() => !cancelled && setState({ status: 'error' }));
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}
