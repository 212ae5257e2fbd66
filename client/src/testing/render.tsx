import { act, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';

// Tells React that updates are wrapped in act(), as in its own test renderers.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: Array<{ root: Root; container: HTMLElement }> = [];

/**
 * Renders into the document with React's own act and waits for effects to run. In StrictMode, as
 * the app runs in development: every effect is run, cleaned up and run again.
 */
export async function render(ui: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  await act(() => root.render(<StrictMode>{ui}</StrictMode>));
  return container;
}

/** Runs a change (a click, a store update, a clock tick) and waits until the screen shows it. */
export async function update(change: () => void | Promise<void>): Promise<void> {
  await act(async () => {
    await change();
  });
}

/**
 * Waits until the screen passes the assertion: answers from the (fake) network arrive and are
 * rendered between tries.
 */
export async function waitFor(assertion: () => void): Promise<void> {
  await vi.waitFor(async () => {
    await act(async () => {
      await Promise.resolve();
    });
    assertion();
  });
}

/**
 * Types into a field as a person would: through the element's own value setter, so that React's
 * controlled field sees the change, then the input event React listens to.
 */
export async function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await update(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** What a person reads: the text of an element, whitespace collapsed. */
export function textOf(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function byTestId(testId: string, within: ParentNode = document): HTMLElement | null {
  return within.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
}

export function allByTestId(testId: string, within: ParentNode = document): HTMLElement[] {
  return [...within.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
}

afterEach(async () => {
  for (const { root, container } of mounted.splice(0)) {
    await act(() => root.unmount());
    container.remove();
  }
  document.body.innerHTML = '';
});
