import { useEffect, type RefObject } from 'react';

/**
 * Keeps the focused control clear of a fixed bar (the bottom navigation): Chromium leaves a field
 * that is partly on screen where it is, with its lower part under the bar (WCAG 2.4.11). The
 * page's scroll-padding-bottom gives the room `scrollIntoView` then keeps free.
 */
export function useFocusClearOf(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || !bar.current || bar.current.contains(target)) return;
      if (target.getBoundingClientRect().bottom > bar.current.getBoundingClientRect().top) target.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [bar]);
}
