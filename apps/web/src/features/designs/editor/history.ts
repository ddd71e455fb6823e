/**
 * Undo/redo over snapshots of the editor's documents (issue 8: Fabric has no history of its own).
 * Every commit is one step, so an action touching several layers, surfaces or colours at once
 * (copy to all, moving a multi-selection) undoes in one go. Snapshots are immutable values, so a
 * step costs only the objects it replaced.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
}

/** How many steps back undo reaches. */
export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A new step; a commit equal (same reference) to the present is no step at all. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - HISTORY_LIMIT)), present: next, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
