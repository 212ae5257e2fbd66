import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a keyboard user sees of the focused element: where it is, whether something lies over it, and its focus ring. */
export type FocusState = { what: string; inView: boolean; coveredBy: string | null; ring: boolean };

export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(async () => {
    // What a person sees once a dialog or toast has finished coming in (on a busy machine a
    // dialog's zoom can still be under way when the next key is pressed).
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return { what: 'body', inView: true, coveredBy: null, ring: true };
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('aria-label') || ''}"`;
    const box = focused.getBoundingClientRect();
    const inView = box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    // Any of five points of the element under something else.
    let coveredBy: string | null = null;
    const inset = Math.min(3, box.width / 4, box.height / 4);
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x!, y!);
      // An ancestor shows through the element's rounded corners; its label is part of it.
      const covers =
        hit && !focused.contains(hit) && !hit.contains(focused) && !(hit instanceof HTMLLabelElement && hit.control === focused);
      if (covers) {
        coveredBy = describe(hit);
        break;
      }
    }
    const style = getComputedStyle(focused);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    return { what: describe(focused), inView, coveredBy, ring };
  });
}

/** The focused element is on screen, nothing covers it (WCAG 2.4.11) and it shows a focus ring (2.4.7). */
export async function expectFocusSeen(page: Page): Promise<FocusState> {
  const state = await focusState(page);
  expect({ ...state, what: undefined }, state.what).toEqual({ what: undefined, inView: true, coveredBy: null, ring: true });
  return state;
}

const isFocused = (target: Locator) => target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has focus, checking every element focused on the way. */
export async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}): Promise<void> {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  const stops: string[] = [];
  for (let n = 0; n < (options.max ?? 60); n++) {
    await page.keyboard.press(key);
    stops.push((await expectFocusSeen(page)).what);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached the target; focus went: ${stops.join(' → ')}`);
}

/** Waits for the toast, then clears it with Escape, as a keyboard user does when it covers the way on. */
export async function escapeToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('toast').waitFor({ state: 'detached' });
}
