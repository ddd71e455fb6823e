import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import type { Docs } from './model.ts';

/**
 * Issue 26: leaving the editor never loses work silently. Every way out is guarded while there are
 * unsaved changes (in-app links, the back arrow, the menu, the browser's back: the router's blocker;
 * reload and tab close: `beforeunload`), and the documents are kept as a local draft, offered again
 * when the same user opens the same design.
 */

/** A draft as kept in localStorage. */
export interface StoredDraft {
  docs: Docs;
  /** Signed URLs of the uploads the documents use, as known when the draft was written. */
  assets: Record<string, string>;
  saved_at: string;
}

const PREFIX = 'pod.design-draft:';
/** Keep a draft for two weeks; older ones are dropped when read. */
const MAX_AGE_MS = 14 * 24 * 3600_000;

/** One key per user, product and finished product (or "new"): a draft never crosses accounts. */
export const draftKey = (userId: string, productId: string, finishedId: string | null) =>
  `${PREFIX}${userId}:${productId}:${finishedId ?? 'new'}`;

export function readDraft(key: string, now = Date.now()): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft;
    const at = Date.parse(draft.saved_at);
    if (!draft.docs || typeof draft.docs !== 'object' || !Number.isFinite(at) || now - at > MAX_AGE_MS) {
      window.localStorage.removeItem(key);
      return null;
    }
    if (!draft.assets || typeof draft.assets !== 'object') draft.assets = {};
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, docs: Docs, assets: Record<string, string>): boolean {
  try {
    const draft: StoredDraft = { docs, assets, saved_at: new Date().toISOString() };
    window.localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    // Storage full or disabled: the exit prompt still guards the work.
    return false;
  }
}

export function dropDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to drop.
  }
}

/** Whether a draft holds something other than what was loaded. */
export const draftDiffers = (draft: StoredDraft, loaded: Docs) =>
  JSON.stringify(draft.docs) !== JSON.stringify(loaded);

/**
 * Keeps the draft in step with the editor: written a moment after each change while there are
 * unsaved changes, dropped once there are none (saved, or undone back to what was loaded).
 */
export function useDraftAutosave(
  key: string,
  docs: Docs,
  dirty: boolean,
  enabled: boolean,
  assetsOf: (docs: Docs) => Record<string, string>,
  delayMs = 600,
) {
  const assets = useRef(assetsOf);
  const latest = useRef(docs);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    assets.current = assetsOf;
    latest.current = docs;
    dirtyRef.current = dirty;
  });
  useEffect(() => {
    if (!enabled) return;
    if (!dirty) {
      dropDraft(key);
      return;
    }
    const timer = window.setTimeout(
      () => writeDraft(key, latest.current, assets.current(latest.current)),
      delayMs,
    );
    return () => window.clearTimeout(timer);
  }, [key, docs, dirty, enabled, delayMs]);
  // Whatever is pending is written when the page goes away (tab closed, reload, route left).
  useEffect(() => {
    if (!enabled) return;
    const flush = () => {
      if (dirtyRef.current) writeDraft(key, latest.current, assets.current(latest.current));
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [key, enabled]);
}

/**
 * Asks before leaving with unsaved changes. Returns the router's blocker: when its state is
 * "blocked", the page shows its confirmation and calls `proceed()` or `reset()`.
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
}
