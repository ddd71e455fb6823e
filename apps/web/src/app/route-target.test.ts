import { describe, expect, it } from 'vitest';
import {
  afterLoginHref,
  decodeTarget,
  encodeTarget,
  hrefOf,
  loadingHref,
  loginHref,
  targetOf,
} from './route-target.ts';

describe('loading targets (spec §2 "loading/:to?")', () => {
  const target = targetOf('/admin/order/list', '?page=2&q=a%20b');

  it('reads a location as path and query', () => {
    expect(target).toEqual({ path: '/admin/order/list', query: { page: '2', q: 'a b' } });
    expect(hrefOf(target)).toBe('/admin/order/list?page=2&q=a+b');
  });

  it('encodes the target as JSON in one path segment, and decodes it back', () => {
    const segment = encodeTarget(target);
    expect(segment).not.toContain('/');
    expect(JSON.parse(decodeURIComponent(segment))).toEqual(target);
    // The router hands over the decoded segment; a raw one is read too.
    expect(decodeTarget(decodeURIComponent(segment), 'admin')).toEqual(target);
    expect(decodeTarget(segment, 'admin')).toEqual(target);
    expect(loadingHref('admin', target)).toBe(`/admin/loading/${segment}`);
  });

  it('refuses targets outside the area, loading screens and malformed values', () => {
    expect(decodeTarget(JSON.stringify({ path: '/user/account/overview', query: {} }), 'admin')).toBeNull();
    expect(decodeTarget(JSON.stringify({ path: '/admin/loading/x', query: {} }), 'admin')).toBeNull();
    expect(decodeTarget(JSON.stringify({ path: '//evil.example/admin', query: {} }), 'admin')).toBeNull();
    expect(decodeTarget('not json', 'admin')).toBeNull();
    expect(decodeTarget(undefined, 'admin')).toBeNull();
    expect(decodeTarget(JSON.stringify({ path: '/user/account/balance', query: [1] }), 'user')).toEqual({
      path: '/user/account/balance',
      query: {},
    });
  });
});

describe('login targets (spec §2 "keeping the target")', () => {
  it('keeps the target in the login address', () => {
    expect(loginHref('admin', targetOf('/admin/product/list', '?x=1'))).toBe(
      '/login?redirect=%2Fadmin%2Fproduct%2Flist%3Fx%3D1',
    );
    expect(loginHref('user', targetOf('/user/account/balance', ''))).toBe(
      '/user/login?redirect=%2Fuser%2Faccount%2Fbalance',
    );
    expect(loginHref('admin', null)).toBe('/login');
  });

  it('returns to a safe target after login, else to the area home', () => {
    expect(afterLoginHref('admin', '/admin/product/list?x=1')).toBe('/admin/product/list?x=1');
    expect(afterLoginHref('admin', null)).toBe('/admin/dashboard');
    expect(afterLoginHref('admin', 'https://evil.example/admin/x')).toBe('/admin/dashboard');
    expect(afterLoginHref('admin', '//evil.example/admin/x')).toBe('/admin/dashboard');
    expect(afterLoginHref('admin', '/user/account/overview')).toBe('/admin/dashboard');
    expect(afterLoginHref('user', '/user/account/integral')).toBe('/user/account/integral');
    expect(afterLoginHref('user', '')).toBe('/user/account/overview');
  });
});
