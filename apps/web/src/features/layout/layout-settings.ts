import { useSyncExternalStore } from 'react';
import { LAYOUT } from '@pod/shared';

/** spec §1: the four admin layout modes. */
export const LAYOUT_MODES = ['Default', 'Classic', 'Streamline', 'Double'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

/** The admin's appearance choices, kept in localStorage (spec §1 "switchable live … and stored"). */
export interface LayoutSettings {
  mode: LayoutMode;
  isDark: boolean;
  isMenuCollapsed: boolean;
}

const STORAGE_KEY = 'adminLayoutSettings';

// spec §1: the start-up sets the light theme; Default is the first layout mode.
export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  mode: 'Default',
  isDark: false,
  isMenuCollapsed: false,
};

/**
 * spec §9 header heights 70, 50 and 60 for four modes: Default 70, Classic 50, Streamline 60; Double
 * keeps the compact 50 of Classic because its menu sits in two side columns, not in the header.
 */
export const HEADER_HEIGHT: Record<LayoutMode, number> = {
  Default: LAYOUT.headerHeights[0],
  Classic: LAYOUT.headerHeights[1],
  Streamline: LAYOUT.headerHeights[2],
  Double: LAYOUT.headerHeights[1],
};

function isLayoutMode(value: unknown): value is LayoutMode {
  return typeof value === 'string' && (LAYOUT_MODES as readonly string[]).includes(value);
}

/** Reads stored settings, falling back field by field to the defaults for anything unreadable. */
export function parseLayoutSettings(raw: string | null): LayoutSettings {
  if (!raw) return DEFAULT_LAYOUT_SETTINGS;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof LayoutSettings, unknown>>;
    return {
      mode: isLayoutMode(value.mode) ? value.mode : DEFAULT_LAYOUT_SETTINGS.mode,
      isDark: typeof value.isDark === 'boolean' ? value.isDark : DEFAULT_LAYOUT_SETTINGS.isDark,
      isMenuCollapsed:
        typeof value.isMenuCollapsed === 'boolean'
          ? value.isMenuCollapsed
          : DEFAULT_LAYOUT_SETTINGS.isMenuCollapsed,
    };
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
}

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

let current: LayoutSettings = parseLayoutSettings(storage()?.getItem(STORAGE_KEY) ?? null);
const listeners = new Set<() => void>();

/** Changes some settings, stores them and re-renders every reader. */
export function updateLayoutSettings(patch: Partial<LayoutSettings>): void {
  current = { ...current, ...patch };
  storage()?.setItem(STORAGE_KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current layout settings, live. */
export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
