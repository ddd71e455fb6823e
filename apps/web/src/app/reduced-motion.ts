import { useSyncExternalStore } from 'react';

/** The system setting "reduce motion" (an accessibility preference; decision 0090). */
const QUERY = '(prefers-reduced-motion: reduce)';

type MediaSource = Pick<Window, 'matchMedia'> | undefined;

const listOf = (source: MediaSource) =>
  typeof source?.matchMedia === 'function' ? source.matchMedia(QUERY) : null;

/** Whether the user asked the system for less motion (false where it cannot be told). */
export function prefersReducedMotion(source: MediaSource = globalThis.window): boolean {
  return listOf(source)?.matches === true;
}

/** Subscribes to changes of the setting (it can change while the page is open). */
export function watchReducedMotion(
  onChange: () => void,
  source: MediaSource = globalThis.window,
): () => void {
  const list = listOf(source);
  if (!list) return () => undefined;
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * antd's animations (modals zooming in, dropdowns sliding, messages fading) follow the setting:
 * off for a user who asked for less motion, and they change when the setting does.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => watchReducedMotion(onChange),
    () => prefersReducedMotion(),
    () => false,
  );
}
