import { useSyncExternalStore } from 'react';

/** An open admin tab (spec §1: admin routes flagged for tabs, i.e. keep-alive menu items). */
export interface NavTab {
  href: string;
  title: string;
  /** Where the tab leads when it is not its href alone (an order's detail keeps its query). */
  to?: string;
}

interface TabsState {
  tabs: NavTab[];
  /** Bumped to remount a page on "refresh" (pages without a tab). */
  refreshKey: number;
  /** Per open tab: bumped to remount that tab's kept-alive page. */
  refreshKeys: Readonly<Record<string, number>>;
}

let state: TabsState = { tabs: [], refreshKey: 0, refreshKeys: {} };
const listeners = new Set<() => void>();

function set(next: TabsState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens a tab (or keeps the existing one for the same address). */
export function openTab(tab: NavTab): void {
  const open = state.tabs.find((t) => t.href === tab.href);
  if (!open) set({ ...state, tabs: [...state.tabs, tab] });
  // The same page with another query (another order): the tab follows it.
  else if (open.to !== tab.to)
    set({ ...state, tabs: state.tabs.map((t) => (t.href === tab.href ? { ...t, to: tab.to } : t)) });
}

/** Closes a tab; returns the address to show next when it was the active one. */
export function closeTab(href: string, activeHref: string): string | null {
  const index = state.tabs.findIndex((t) => t.href === href);
  if (index < 0) return null;
  const tabs = state.tabs.filter((t) => t.href !== href);
  set({ ...state, tabs });
  if (href !== activeHref) return null;
  return (tabs[index] ?? tabs[index - 1])?.href ?? '';
}

/** Keeps only the given tab. */
export function closeOtherTabs(href: string): void {
  set({ ...state, tabs: state.tabs.filter((t) => t.href === href) });
}

/** Remounts the page at `href` (its kept-alive tab, or the current page); the others keep their state. */
export function refreshTab(href: string): void {
  set({
    ...state,
    refreshKey: state.refreshKey + 1,
    refreshKeys: { ...state.refreshKeys, [href]: (state.refreshKeys[href] ?? 0) + 1 },
  });
}

/** Forgets every tab (on logout). */
export function resetTabs(): void {
  set({ tabs: [], refreshKey: 0, refreshKeys: {} });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open tabs, live. */
export function useTabs(): TabsState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
