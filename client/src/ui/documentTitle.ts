import { useEffect } from 'react';
import { PRODUCT_NAME } from '#protocol/product';

/** A screen's title in the browser tab and for screen readers (WCAG 2.4.2): 'Brukere – Tilsynsvakt', '(2) Vaktmester – Tilsynsvakt'. */
export function pageTitle(title: string, count?: number | null): string {
  const named = title === PRODUCT_NAME ? PRODUCT_NAME : `${title} – ${PRODUCT_NAME}`;
  return count ? `(${count}) ${named}` : named;
}

/** Sets the document's title while the screen is shown; each screen's header, sign-in card or status card calls it. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
