import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { afterEach, vi } from 'vitest';

const mounted: Array<{ root: Root; container: HTMLElement }> = [];

/** Renders into the document (preact/compat, as the build does) and waits for effects to run. */
export async function render(ui: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  await act(() => root.render(ui));
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
