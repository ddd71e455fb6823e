import { describe, expect, it } from 'vitest';
import { ModuleSwitches } from './module-switches.ts';

const mod = (name: string, dependsOn: string[], switchable = true) => ({
  name,
  dependsOn,
  switchable,
  menus: [{ name: `${name}/page`, type: 'menu' as const, title: name, tiers: [], sort: 1 }],
});

// core ← materials ← designs-extra; core ← member
const MODULES = [
  mod('core', [], false),
  mod('materials', ['core']),
  mod('extra', ['materials']),
  mod('member', ['core']),
];

describe('module switches', () => {
  it('switches a module off, and refuses while a module that is on needs it', () => {
    const s = new ModuleSwitches(MODULES, () => Promise.resolve([]));
    expect(s.plan([], 'materials', false)).toEqual({
      refused: 'module.neededBy',
      params: { name: 'materials', by: 'extra' },
    });
    expect(s.plan([], 'extra', false)).toEqual({ disabled: ['extra'] });
    expect(s.plan(['extra'], 'materials', false)).toEqual({ disabled: ['extra', 'materials'] });
  });

  it('switching on also switches on what the module needs', () => {
    const s = new ModuleSwitches(MODULES, () => Promise.resolve([]));
    expect(s.plan(['extra', 'materials', 'member'], 'extra', true)).toEqual({ disabled: ['member'] });
  });

  it('refuses unknown and core modules', () => {
    const s = new ModuleSwitches(MODULES, () => Promise.resolve([]));
    expect(s.plan([], 'nope', false)).toMatchObject({ refused: 'module.unknown' });
    expect(s.plan([], 'core', false)).toMatchObject({ refused: 'module.notSwitchable' });
  });

  it("hides the menus of a tenant's switched-off modules; the platform has every module", async () => {
    let loads = 0;
    const s = new ModuleSwitches(MODULES, () => {
      loads += 1;
      return Promise.resolve(['member', 'core']);
    });
    expect([...(await s.hiddenMenus('t1'))]).toEqual(['member/page']);
    expect(await s.isEnabled('t1', 'member')).toBe(false);
    // A core module stored as off (by hand) is ignored: it cannot be switched off.
    expect(await s.isEnabled('t1', 'core')).toBe(true);
    expect(await s.isEnabled(null, 'member')).toBe(true);
    expect(loads).toBe(1);
    s.invalidate('t1');
    await s.isEnabled('t1', 'member');
    expect(loads).toBe(2);
  });

  it('lists the switchable modules for the store, with what needs each among those that are on', () => {
    const s = new ModuleSwitches(MODULES, () => Promise.resolve([]));
    const list = s.catalogue(['member']);
    expect(list.map((m) => m.name)).toEqual(['materials', 'extra', 'member']);
    expect(list.find((m) => m.name === 'materials')).toMatchObject({
      neededBy: ['extra'],
      enabled: true,
      title: 'moduleStore.materials.title',
      version: '1.0.0',
    });
    expect(list.find((m) => m.name === 'member')).toMatchObject({ enabled: false, neededBy: [] });
    expect(s.catalogue(['extra']).find((m) => m.name === 'materials')?.neededBy).toEqual([]);
  });
});
