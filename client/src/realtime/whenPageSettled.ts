/**
 * Runs `run` once the page has loaded and the browser has a quiet moment (at most `waitMs` later),
 * and returns a cancel. The live connection starts so: its first answer sends every loaded store
 * asking again (what changed before it was up), and on a phone that second round of requests and
 * drawing belongs after the first screen is shown, not in its way.
 */
export function whenPageSettled(run: () => void, waitMs = 1000): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const quietMoment = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => !cancelled && run(), { timeout: waitMs });
    else timer = setTimeout(() => !cancelled && run(), 0);
  };
  if (document.readyState === 'complete') quietMoment();
  else window.addEventListener('load', quietMoment, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', quietMoment);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
