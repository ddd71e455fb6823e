import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor } from '../../src/modules/access/index.ts';
import { memberActor } from '../../src/modules/member/index.ts';
import { buildMember, buildSupplierAdmin, buildTenant } from '../factories/index.ts';
import { multipart, png } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Spec §7 "Calls", line by line: every call the spec lists answers at the address it gives, with
 * the platform envelope `{ code, msg, data, time }` — never a 404 for a missing route. The lines
 * are copied from the spec; each lists the requests that exercise it.
 */

let t: TestApp;
const as: Record<'public' | 'admin' | 'member', Record<string, string>> = {
  public: {},
  admin: {},
  member: {},
};
const categoryIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await buildTenant(t.database.db);
  as.admin = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)));
  as.member = await t.authAs(memberActor(await buildMember(t.database.db, tenant.id)));
  for (const name of ['Apparel', 'Bags', 'Cups', 'Hats', 'Mugs']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spuCategory',
      headers: as.admin,
      payload: { category_name: name },
    });
    expect(res.statusCode, res.body).toBe(200);
    categoryIds.push(res.json().data.id as string);
  }
});
afterAll(() => t.close());

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string | (() => string);
  who: keyof typeof as;
  payload?:
    | Record<string, unknown>
    | (() => Record<string, unknown>)
    | (() => Promise<{ payload: Buffer; headers: Record<string, string> }>);
}

const SPEC_SECTION_7: Array<[line: string, calls: Call[]]> = [
  // Member area
  [
    'POST /api/user/checkIn (method variable)',
    [
      { method: 'GET', url: '/api/user/checkIn', who: 'public' },
      { method: 'POST', url: '/api/user/checkIn', who: 'public', payload: { tab: 'login' } },
    ],
  ],
  ['GET /api/account/overview', [{ method: 'GET', url: '/api/account/overview', who: 'member' }]],
  [
    'GET and POST /api/account/profile',
    [
      { method: 'GET', url: '/api/account/profile', who: 'member' },
      { method: 'POST', url: '/api/account/profile', who: 'member', payload: { nickname: 'Ann' } },
    ],
  ],
  [
    'POST /api/account/verification',
    [{ method: 'POST', url: '/api/account/verification', who: 'member', payload: {} }],
  ],
  [
    'POST /api/account/changeBind',
    [{ method: 'POST', url: '/api/account/changeBind', who: 'member', payload: {} }],
  ],
  [
    'POST /api/account/changePassword',
    [{ method: 'POST', url: '/api/account/changePassword', who: 'member', payload: {} }],
  ],
  [
    'GET /api/account/balance?page&per_page',
    [{ method: 'GET', url: '/api/account/balance?page=1&per_page=10', who: 'member' }],
  ],
  [
    'GET /api/account/integral?page&per_page',
    [{ method: 'GET', url: '/api/account/integral?page=1&per_page=10', who: 'member' }],
  ],
  [
    'POST /api/account/retrievePassword',
    [{ method: 'POST', url: '/api/account/retrievePassword', who: 'public', payload: {} }],
  ],
  // Auth
  ['GET /api/v1/auth/index', [{ method: 'GET', url: '/api/v1/auth/index', who: 'admin' }]],
  [
    'POST /api/v1/auth/login and /register (method variable)',
    [
      { method: 'GET', url: '/api/v1/auth/login', who: 'public' },
      { method: 'POST', url: '/api/v1/auth/login', who: 'public', payload: {} },
      { method: 'GET', url: '/api/v1/auth/register', who: 'public' },
      { method: 'POST', url: '/api/v1/auth/register', who: 'public', payload: {} },
    ],
  ],
  ['DELETE /api/v1/auth/logout', [{ method: 'DELETE', url: '/api/v1/auth/logout', who: 'public' }]],
  [
    'PUT /api/v1/auth/refresh {token}; returns data.access_token',
    [{ method: 'PUT', url: '/api/v1/auth/refresh', who: 'public', payload: { token: 'not-a-token' } }],
  ],
  ['POST api/v1/verify/code', [{ method: 'POST', url: '/api/v1/verify/code', who: 'public', payload: {} }]],
  ['GET /api/v1/index; returns site info', [{ method: 'GET', url: '/api/v1/index', who: 'public' }]],
  // Common
  [
    'POST /admin/ajax/upload or /api/ajax/upload (multipart, params)',
    [
      {
        method: 'POST',
        url: '/admin/ajax/upload?topic=general',
        who: 'admin',
        payload: async () => multipart([{ name: 'a.png', body: await png(), type: 'image/png' }]),
      },
      {
        method: 'POST',
        url: '/api/ajax/upload?topic=general',
        who: 'member',
        payload: async () => multipart([{ name: 'a.png', body: await png(), type: 'image/png' }]),
      },
    ],
  ],
  [
    'GET suffix svg builder (query batoken, suffix, background): bad input answers an envelope',
    [
      { method: 'GET', url: '/admin/ajax/buildSuffixSvg?suffix=../x&batoken=t', who: 'public' },
      { method: 'GET', url: '/api/ajax/buildSuffixSvg?background=red', who: 'public' },
    ],
  ],
  [
    'GET /admin/ajax/area or /api/ajax/area (province, city, uuid)',
    [
      { method: 'GET', url: '/admin/ajax/area?province=44&uuid=abc', who: 'public' },
      { method: 'GET', url: '/api/ajax/area?province=44&city=4403&uuid=abc', who: 'public' },
    ],
  ],
  [
    'POST /api/Sms/send {mobile, template_code}',
    [{ method: 'POST', url: '/api/Sms/send', who: 'public', payload: {} }],
  ],
  [
    'POST /api/Ems/send {email, event}',
    [{ method: 'POST', url: '/api/Ems/send', who: 'public', payload: {} }],
  ],
  [
    'GET /api/common/clickCaptcha?id',
    [{ method: 'GET', url: '/api/common/clickCaptcha?id=abcdefgh-1234', who: 'public' }],
  ],
  [
    'POST /api/common/checkClickCaptcha {id, info, unset}',
    [{ method: 'POST', url: '/api/common/checkClickCaptcha', who: 'public', payload: {} }],
  ],
  [
    'Generic select list GET with select=true and quickSearch',
    [{ method: 'GET', url: '/api/v1/admin/spuCategory?select=true&quickSearch=App', who: 'admin' }],
  ],
  // Generic per-controller CRUD
  [
    'Generic CRUD: GET list with filters; GET {id}; PATCH {id}; POST create; POST /sortable',
    [
      { method: 'GET', url: '/api/v1/admin/spuCategory?status=enabled&page=1&limit=10', who: 'admin' },
      { method: 'GET', url: () => `/api/v1/admin/spuCategory/${categoryIds[0]}`, who: 'admin' },
      {
        method: 'PATCH',
        url: () => `/api/v1/admin/spuCategory/${categoryIds[0]}`,
        who: 'admin',
        payload: { category_name: 'Clothes' },
      },
      { method: 'POST', url: '/api/v1/admin/spuCategory', who: 'admin', payload: { category_name: 'Caps' } },
      {
        method: 'POST',
        url: '/api/v1/admin/spuCategory/sortable',
        who: 'admin',
        payload: () => ({ id: categoryIds[0], targetId: categoryIds[1] }),
      },
    ],
  ],
  [
    'Generic CRUD: DELETE {id}; DELETE /del?ids',
    [
      { method: 'DELETE', url: () => `/api/v1/admin/spuCategory/${categoryIds[4]}`, who: 'admin' },
      { method: 'DELETE', url: () => `/api/v1/admin/spuCategory/del?ids=${categoryIds[3]}`, who: 'admin' },
    ],
  ],
  // Last: signing out ends the member's sign-in the calls above use.
  [
    'POST /api/user/logout {refreshToken}',
    [{ method: 'POST', url: '/api/user/logout', who: 'member', payload: { refreshToken: 'x' } }],
  ],
];

async function send(call: Call) {
  const url = typeof call.url === 'function' ? call.url() : call.url;
  let payload: unknown = call.payload;
  let headers = { ...as[call.who], 'accept-language': 'en' };
  if (typeof call.payload === 'function') {
    const built = await (call.payload as () => unknown)();
    if (built && typeof built === 'object' && 'payload' in built) {
      const form = built as { payload: Buffer; headers: Record<string, string> };
      payload = form.payload;
      headers = { ...headers, ...form.headers };
    } else payload = built;
  }
  return t.app.inject({ method: call.method, url, headers, payload: payload as string });
}

describe('spec §7: every call answers at the address the spec gives', () => {
  it.each(SPEC_SECTION_7)('%s', async (_line, calls) => {
    for (const call of calls) {
      const res = await send(call);
      const where = `${call.method} ${typeof call.url === 'function' ? call.url() : call.url}`;
      expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).not.toBe(404);
      expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      expect(res.headers['content-type'], where).toContain('application/json');
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort(), where).toEqual(['code', 'data', 'msg', 'time']);
      expect(typeof body.code, where).toBe('number');
    }
  });
});

describe('spec §7 calls that were missing', () => {
  it('the suffix SVG builder draws an icon with the suffix and the colour asked for', async () => {
    for (const base of ['/admin/ajax/buildSuffixSvg', '/api/ajax/buildSuffixSvg']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base}?suffix=psd&background=%23A1B&batoken=abc`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(res.body).toContain('>PSD</text>');
      expect(res.body).toContain('fill="#aa11bb"');
    }
    // Without a colour the same suffix always gets the same one; without a suffix, "FILE".
    const a = await t.app.inject({ method: 'GET', url: '/api/ajax/buildSuffixSvg?suffix=zip' });
    const b = await t.app.inject({ method: 'GET', url: '/admin/ajax/buildSuffixSvg?suffix=zip' });
    expect(a.body).toBe(b.body);
    const plain = await t.app.inject({ method: 'GET', url: '/api/ajax/buildSuffixSvg' });
    expect(plain.body).toContain('>FILE</text>');
    // Markup in the suffix is refused, never drawn.
    const evil = await t.app.inject({
      method: 'GET',
      url: `/api/ajax/buildSuffixSvg?suffix=${encodeURIComponent('<script>')}`,
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.body).not.toContain('<script>');
  });

  it('the area call answers the same at /admin/ajax/area, /api/ajax/area and /api/v1/ajax/area', async () => {
    const bodies = [];
    for (const base of ['/admin/ajax/area', '/api/ajax/area', '/api/v1/ajax/area']) {
      const res = await t.app.inject({ method: 'GET', url: `${base}?province=44&uuid=select-1` });
      expect(res.statusCode).toBe(200);
      bodies.push(res.json().data);
    }
    expect(bodies[0].length).toBeGreaterThan(0);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('GET on the sign-in calls says what the form needs: captcha, agreement, tabs, rules', async () => {
    const login = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/login' })).json().data;
    expect(login.form).toBe('login');
    expect(typeof login.captcha.enabled).toBe('boolean');
    expect(login.agreement_url).toBeNull();
    expect(login.rules.required).toEqual(expect.arrayContaining(['username', 'password']));

    const register = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/register' })).json().data;
    expect(register.form).toBe('register');
    expect(register.agreement_url).toBe('/protocol');
    expect(Object.keys(register.rules.properties)).toEqual(
      expect.arrayContaining(['username', 'password', 'confirmPassword']),
    );
    expect(register.rules.properties.username.minLength).toBe(3);

    const checkIn = (await t.app.inject({ method: 'GET', url: '/api/user/checkIn' })).json().data;
    expect(checkIn.form).toBe('checkIn');
    expect(checkIn.tabs).toEqual(['login', 'register']);
    expect(JSON.stringify(checkIn.rules)).toContain('"register"');
  });

  it('the captcha flag of the sign-in forms follows CAPTCHA=off', async () => {
    const off = await createTestApp({ env: { CAPTCHA: 'off' } });
    try {
      for (const url of ['/api/v1/auth/login', '/api/v1/auth/register', '/api/user/checkIn']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.json().data.captcha.enabled, url).toBe(false);
      }
    } finally {
      await off.close();
    }
    const on = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/login' })).json().data;
    expect(on.captcha.enabled).toBe(t.config.captcha);
  });

  it('DELETE …/del takes ids=a,b and ids=a&ids=b alike, and refuses a bad id in either form', async () => {
    const made = [];
    for (const name of ['Del A', 'Del B', 'Del C', 'Del D']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/spuCategory',
        headers: as.admin,
        payload: { category_name: name },
      });
      made.push(res.json().data.id as string);
    }
    const repeated = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/spuCategory/del?ids=${made[0]}&ids=${made[1]}`,
      headers: as.admin,
    });
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().data.deleted).toBe(2);
    const comma = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/spuCategory/del?ids=${made[2]},${made[3]}`,
      headers: as.admin,
    });
    expect(comma.json().data.deleted).toBe(2);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/spuCategory?limit=100', headers: as.admin })
    ).json().data.list as Array<{ id: string }>;
    expect(list.map((r) => r.id)).not.toEqual(expect.arrayContaining([made[0]]));
    for (const bad of ['ids=x&ids=y', `ids=${made[0]}&ids=nope`, 'ids=']) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/spuCategory/del?${bad}`,
        headers: as.admin,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
