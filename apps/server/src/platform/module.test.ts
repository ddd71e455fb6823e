import { describe, expect, it } from 'vitest';
import { extensionPoint, Extensions } from './extensions.ts';
import { buttons, checkComposition, type ModuleDescriptor } from './module.ts';

const module = (name: string, dependsOn: string[] = [], menus: ModuleDescriptor<unknown>['menus'] = []) =>
  ({
    name,
    dependsOn,
    switchable: false,
    tables: {},
    resources: [],
    menus,
  }) satisfies ModuleDescriptor<unknown>;

describe('module composition', () => {
  it('accepts modules after their dependencies, and refuses one before them or missing', () => {
    expect(() => checkComposition([module('a'), module('b', ['a'])])).not.toThrow();
    expect(() => checkComposition([module('b', ['a']), module('a')])).toThrow('b needs a');
    expect(() => checkComposition([module('b', ['z'])])).toThrow('b needs z');
    expect(() => checkComposition([module('a'), module('a')])).toThrow('composed twice');
  });

  it('refuses a core module that needs a switchable one; it may use it instead', () => {
    const store = { ...module('store'), switchable: true };
    expect(() => checkComposition([store, module('core', ['store'])])).toThrow('declare it in uses');
    expect(() => checkComposition([store, { ...module('core'), uses: ['store'] }])).not.toThrow();
    expect(() => checkComposition([module('a'), { ...module('b'), uses: ['a'] }])).toThrow('not switchable');
    expect(() => checkComposition([{ ...module('b'), uses: ['store'] }, store])).toThrow('b needs store');
  });

  it('refuses a menu declared twice, and a menu whose parent nobody declares', () => {
    const dir = {
      name: 'orders',
      type: 'menu_dir' as const,
      title: 't',
      tiers: ['merchant' as const],
      sort: 1,
    };
    const page = { ...dir, name: 'orders/list', type: 'menu' as const, parent: 'orders' };
    expect(() => checkComposition([module('a', [], [dir]), module('b', [], [page])])).not.toThrow();
    expect(() => checkComposition([module('a', [], [dir]), module('b', [], [dir])])).toThrow(
      'declared twice',
    );
    expect(() => checkComposition([module('b', [], [page])])).toThrow('has no parent orders');
  });

  it('builds button permissions named <resource>:<action> under their page', () => {
    expect(
      buttons('role', 'access/role', ['merchant'], ['add', 'del']).map((b) => [b.name, b.parent, b.sort]),
    ).toEqual([
      ['role:add', 'access/role', 100],
      ['role:del', 'access/role', 99],
    ]);
  });
});

describe('extensions', () => {
  const point = extensionPoint<(n: number) => number>('test.double');
  it('lists every implementation of a point in composition order, and finds one by name', () => {
    const extensions = new Extensions([point.provide('a', (n) => n * 2), point.provide('b', (n) => n * 3)]);
    expect(extensions.all(point).map((f) => f(2))).toEqual([4, 6]);
    expect(extensions.one(point, 'b')?.(2)).toBe(6);
    expect(extensions.one(point, 'c')).toBeUndefined();
    expect(new Extensions().all(point)).toEqual([]);
    expect(extensions.required(point)(5)).toBe(10);
    expect(() => new Extensions().required(point)).toThrow('no module provides test.double');
  });

  it('refuses the same name provided twice for one point', () => {
    expect(() => new Extensions([point.provide('a', (n) => n), point.provide('a', (n) => n)])).toThrow(
      'provided twice',
    );
  });
});
