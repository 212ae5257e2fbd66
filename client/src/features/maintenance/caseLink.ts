import type { MaintenanceTask } from '#protocol';

/** `?sak=<id>`: a link to one case (a notification's), on /vaktmester, /arkiv and /admin/vedlikehold. */
export const CASE_PARAM = 'sak';

export const CASE_GONE_TEXT = 'Saken finnes ikke lenger.';

/** What a case link asks of a list: nothing, to wait for the list, to open the case, or to say it is gone. */
export type CaseLinkStep = { kind: 'none' } | { kind: 'wait' } | { kind: 'open'; task: MaintenanceTask } | { kind: 'gone' };

export function caseLinkStep(id: string | null, loaded: boolean, byId: Readonly<Record<string, MaintenanceTask>>): CaseLinkStep {
  if (!id) return { kind: 'none' };
  if (!loaded) return { kind: 'wait' };
  const task = byId[id];
  return task ? { kind: 'open', task } : { kind: 'gone' };
}

/** The same query without the case link: once handled, it is not handled again on a reload or Back. */
export function withoutCaseParam(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(CASE_PARAM);
  return next;
}
