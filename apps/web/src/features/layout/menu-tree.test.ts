import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@pod/shared';
import { firstMenuItem, menuHref, menuTarget, menuTrail } from './menu-tree.ts';

function node(partial: Partial<MenuNode>): MenuNode {
  return {
    id: partial.name ?? partial.path ?? 'x',
    type: 'menu',
    title: '',
    name: '',
    path: '',
    component: '',
    icon: '',
    keepalive: false,
    permission: '',
    url: '',
    is_external: false,
    link_target: 'blank',
    buttons: [],
    children: [],
    ...partial,
  };
}

const role = node({ name: 'access/role', path: 'access/role', buttons: ['role:add'] });
const access = node({ name: 'access', type: 'menu_dir', path: 'access', children: [role] });
const empty = node({ name: 'empty', type: 'menu_dir', path: 'empty' });
const menus = [node({ name: 'dashboard', path: 'dashboard' }), access, empty];

describe('menu tree helpers', () => {
  it('makes admin addresses of relative paths', () => {
    expect(menuHref(role)).toBe('/admin/access/role');
    expect(menuHref(node({ path: '/admin/x/' }))).toBe('/admin/x');
  });

  it('finds the trail to the item serving a path, and pages below it', () => {
    expect(menuTrail(menus, '/admin/access/role').map((n) => n.name)).toEqual(['access', 'access/role']);
    expect(menuTrail(menus, '/admin/access/role/detail').at(-1)).toBe(role);
    expect(menuTrail(menus, '/admin/access')).toEqual([]);
    expect(menuTrail(menus, '/admin/access/roles')).toEqual([]);
  });

  it('leads a directory to its first item', () => {
    expect(firstMenuItem([access])).toBe(role);
    expect(menuTarget(access, '/admin/dashboard')).toEqual({ href: '/admin/access/role' });
  });

  it('gives the spec §8 navigation errors', () => {
    expect(menuTarget(empty, '/admin/dashboard')).toEqual({ error: 'navigation.noChildMenu' });
    expect(menuTarget(role, '/admin/access/role')).toEqual({ error: 'navigation.alreadyAtTarget' });
    expect(menuTarget(node({ path: ' ' }), '/')).toEqual({ error: 'navigation.invalidRoute' });
    expect(menuTarget(node({ type: 'button' }), '/')).toEqual({ error: 'navigation.unknownMenuType' });
    // Issue 27: an external link opens a new window, or its own console tab (a frame).
    const external = { is_external: true, url: 'https://example.com/docs', path: 'docs' };
    expect(menuTarget(node({ ...external, link_target: 'blank' }), '/')).toEqual({
      window: 'https://example.com/docs',
    });
    expect(menuTarget(node({ ...external, link_target: 'iframe' }), '/')).toEqual({ href: '/admin/docs' });
  });
});
