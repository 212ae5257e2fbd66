import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to what opened a dialog when it closes (WCAG 2.4.3). Our dialogs are opened by
 * state, not by a Radix trigger, so Radix does not know their opener. The element that had focus
 * is noted as the dialog opens (a layout effect runs before Radix moves focus into it); on close
 * it gets focus again if it is still on the page, else Radix's own choice stands.
 * Returns the handler for the dialog's `onCloseAutoFocus`.
 */
export function useFocusReturn(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}
