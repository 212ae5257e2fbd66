import { z } from 'zod';

/** Zod's own validation messages in Norwegian, on the server and in the browser alike. */
export function useNorwegianZodMessages(): void {
  z.config(z.locales.no());
}
