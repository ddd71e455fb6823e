import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commit, createHistory, HISTORY_LIMIT, redo, undo } from './history.ts';

describe('editor history', () => {
  it('undoes and redoes whole snapshots, one step per commit', () => {
    let h = createHistory({ layers: 0 });
    const one = { layers: 1 };
    const three = { layers: 3 }; // one step that added two layers at once
    h = commit(h, one);
    h = commit(h, three);
    expect(h.present).toBe(three);
    h = undo(h);
    expect(h.present).toBe(one);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(three);
    h = undo(undo(h));
    expect(h.present).toEqual({ layers: 0 });
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
  });

  it('drops the redo branch on a new commit and ignores a commit of the same value', () => {
    let h = commit(commit(createHistory('a'), 'b'), 'c');
    h = undo(h);
    h = commit(h, 'd');
    expect(canRedo(h)).toBe(false);
    expect(commit(h, h.present)).toBe(h);
  });

  it('keeps at most HISTORY_LIMIT steps back', () => {
    let h = createHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i += 1) h = commit(h, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });
});
