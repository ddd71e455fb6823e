import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import {
  FACTORY_PASSWORD,
  buildMember,
  buildTenant,
  unique,
  uniqueMobile,
} from '../../../test/factories/index.ts';
import { smsCode, solveCaptcha } from '../../../test/helpers/auth.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adjustMember, tenantMembersContext } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };

async function memberOf(tenantId: string, extra: { mobile?: string; email?: string } = {}) {
  const username = unique('mem');
  const member = await buildMember(t.database.db, tenantId, { username, ...extra });
  return { username, member };
}

async function checkIn(username: string, password = FACTORY_PASSWORD, host?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/checkIn',
    headers: host ? { host } : {},
    payload: { tab: 'login', username, password, ...(await solveCaptcha(t)) },
  });
}

async function signedIn(tenantId: string, extra: { mobile?: string; email?: string } = {}) {
  const { username, member } = await memberOf(tenantId, extra);
  const res = await checkIn(username);
  expect(res.statusCode, res.body).toBe(200);
  const info = res.json().data.userInfo as { token: string; refresh_token: string };
  return { member, username, headers: { 'x-user-token': info.token }, refreshToken: info.refresh_token };
}

describe('member check-in', () => {
  it('logs a member in with the captcha and returns userInfo with tokens', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const { username, member } = await memberOf(tenant.id);
    const res = await checkIn(username);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userInfo).toMatchObject({
      id: member.id,
      username,
      gender: 0,
      money: 0,
      score: 0,
      token: expect.stringMatching(/^ey/),
      refresh_token: expect.any(String),
    });
  });

  it("signs in on the member's own tenant only (a supplier's domain)", async () => {
    await buildTenant(t.database.db, { isDefault: true });
    const other = await buildTenant(t.database.db, { domain: 'shop.example.com' });
    const { username } = await memberOf(other.id);
    expect((await checkIn(username, FACTORY_PASSWORD, 'shop.example.com')).statusCode).toBe(200);
    expect((await checkIn(username, FACTORY_PASSWORD, 'localhost:8080')).statusCode).toBe(400);
  });

  it('registers a member with an SMS code', async () => {
    await buildTenant(t.database.db, { isDefault: true });
    const mobile = uniqueMobile();
    const code = await smsCode(t, '/api/Sms/send', { mobile, template_code: 'user_register' }, mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      payload: {
        tab: 'register',
        username: 'newbie',
        password: 'secret1',
        confirmPassword: 'secret1',
        mobile,
        code,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.userInfo).toMatchObject({ username: 'newbie', mobile });
    expect((await checkIn('newbie', 'secret1')).statusCode).toBe(200);
  });

  it.each([
    ['en', { password: 'abc<def' }, 'password', 'password must not contain & < > " \''],
    ['zh-cn', { password: 'abc', confirmPassword: 'abc' }, 'password', '密码长度不能少于 6'],
    ['en', { confirmPassword: 'other1' }, 'confirmPassword', 'Two password entries are inconsistent'],
    ['en', { tab: 'nonsense' }, 'tab', 'Please select action'],
  ])('names the field of a bad registration (%s %j)', async (lang, overrides, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      headers: { 'accept-language': lang },
      payload: {
        tab: 'register',
        username: 'someone',
        password: 'secret1',
        confirmPassword: 'secret1',
        mobile: '13900000001',
        code: '123456',
        ...overrides,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toContainEqual({ field, message });
  });
});

describe('member centre', () => {
  it('profile: read and update; needs a member token', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const { headers, username } = await signedIn(tenant.id);
    const get = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers });
    expect(get.json().data.username).toBe(username);

    const update = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile',
      headers,
      payload: { nickname: 'Nick', gender: 2, birthday: '1990-05-01', motto: 'hi' },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({
      nickname: 'Nick',
      gender: 2,
      birthday: '1990-05-01',
      motto: 'hi',
    });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile',
      headers: { ...headers, ...EN },
      payload: { nickname: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Please enter nickname');

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/profile' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('balance and integral logs are paged, newest first, and only the member sees theirs', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const me = await signedIn(tenant.id);
    const other = await signedIn(tenant.id);
    const scope = tenantMembersContext(t.database.db, tenant.id, 'test');
    for (let i = 1; i <= 12; i++)
      await adjustMember(scope, me.member.id, { money: i * 100, score: i, memo: `gift ${i}` });
    await adjustMember(scope, other.member.id, { money: 999, memo: 'not yours' });

    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/account/balance?page=1&per_page=5',
      headers: me.headers,
    });
    expect(page1.json().data).toMatchObject({ total: 12, page: 1, per_page: 5 });
    expect(page1.json().data.list[0]).toMatchObject({
      money: 1200,
      before: 6600,
      after: 7800,
      memo: 'gift 12',
    });
    const page3 = await t.app.inject({
      method: 'GET',
      url: '/api/account/balance?page=3&per_page=5',
      headers: me.headers,
    });
    expect(page3.json().data.list).toHaveLength(2);
    const integral = await t.app.inject({ method: 'GET', url: '/api/account/integral', headers: me.headers });
    expect(integral.json().data).toMatchObject({ total: 12, per_page: 10 });
    expect(JSON.stringify(integral.json())).not.toContain('not yours');

    const overview = await t.app.inject({ method: 'GET', url: '/api/account/overview', headers: me.headers });
    expect(overview.json().data.userInfo).toMatchObject({ money: 7800, score: 78 });
    expect(overview.json().data.recent_money).toHaveLength(5);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/account/balance?page=0',
      headers: { ...me.headers, ...EN },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors[0].field).toBe('page');
  });

  it('a balance never goes below zero', async () => {
    const tenant = await buildTenant(t.database.db);
    const { member } = await memberOf(tenant.id);
    await expect(
      adjustMember(tenantMembersContext(t.database.db, tenant.id, 'test'), member.id, {
        money: -1,
        memo: 'x',
      }),
    ).rejects.toThrow();
  });

  it('another tenant cannot touch a member, even with its id', async () => {
    const a = await buildTenant(t.database.db);
    const b = await buildTenant(t.database.db);
    const { member } = await memberOf(a.id);
    await expect(
      adjustMember(tenantMembersContext(t.database.db, b.id, 'test'), member.id, { score: 1, memo: 'x' }),
    ).rejects.toThrow();
  });

  it('changing the password ends every sign-in', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const me = await signedIn(tenant.id);
    const wrongOld = await t.app.inject({
      method: 'POST',
      url: '/api/account/changePassword',
      headers: { ...me.headers, ...EN },
      payload: { oldPassword: 'nope', newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(wrongOld.json().msg).toBe('The old password is wrong');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/changePassword',
      headers: me.headers,
      payload: { oldPassword: FACTORY_PASSWORD, newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: me.headers })).statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'PUT',
      url: '/api/user/refresh',
      payload: { token: me.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await checkIn(me.username, 'newpass1')).statusCode).toBe(200);
  });

  it('rebinding the mobile needs a code to the old one, then one to the new one', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const oldMobile = uniqueMobile();
    const me = await signedIn(tenant.id, { mobile: oldMobile });
    const verifyCode = await smsCode(
      t,
      '/api/Sms/send',
      { mobile: oldMobile, template_code: 'user_mobile_verify' },
      oldMobile,
    );
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verification',
      headers: me.headers,
      payload: { type: 'mobile', captcha: verifyCode },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const proof = verified.json().data.account_verification_token;

    const newMobile = uniqueMobile();
    const newCode = await smsCode(
      t,
      '/api/Sms/send',
      { mobile: newMobile, template_code: 'user_change_mobile' },
      newMobile,
    );
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/changeBind',
      headers: me.headers,
      payload: { type: 'mobile', mobile: newMobile, captcha: newCode, account_verification_token: proof },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.mobile).toBe(newMobile);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/account/changeBind',
      headers: { ...me.headers, ...EN },
      payload: {
        type: 'mobile',
        mobile: uniqueMobile(),
        captcha: '123456',
        account_verification_token: 'x'.repeat(30),
      },
    });
    expect(forged.json().msg).toBe('Account verification has expired, please verify again');
  });

  it('retrieves a password with a code, without revealing unknown accounts', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const mobile = uniqueMobile();
    const { username } = await memberOf(tenant.id, { mobile });
    const code = await smsCode(t, '/api/Sms/send', { mobile, template_code: 'user_retrieve_pwd' }, mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/retrievePassword',
      payload: { type: 'mobile', account: mobile, captcha: code, password: 'fresh12' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await checkIn(username, 'fresh12')).statusCode).toBe(200);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/account/retrievePassword',
      headers: EN,
      payload: { type: 'mobile', account: '13700000000', captcha: '123456', password: 'fresh12' },
    });
    expect(unknown.json().msg).toBe('The verification code is wrong or has expired');
  });

  it('member tokens rotate; a member token is refused by admin routes; logout ends sessions', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const me = await signedIn(tenant.id);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/index',
      headers: { authorization: `Bearer ${me.headers['x-user-token']}` },
    });
    expect(asAdmin.statusCode).toBe(401);
    const adminRefresh = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/refresh',
      payload: { token: me.refreshToken },
    });
    expect(adminRefresh.statusCode).toBe(401);

    const rotated = await t.app.inject({
      method: 'PUT',
      url: '/api/user/refresh',
      payload: { token: me.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().data;
    expect(next.refresh_token).not.toBe(me.refreshToken);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'x-user-token': next.token },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/account/profile',
          headers: { 'x-user-token': next.token },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('issue 27: logout ends this sign-in only; "sign out everywhere" ends all; "last login" is the one before', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const { username } = await memberOf(tenant.id);
    const first = (await checkIn(username)).json().data.userInfo;
    expect(first.last_login_time).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = (await checkIn(username)).json().data.userInfo;
    expect(second.last_login_time).not.toBeNull();
    expect(Date.parse(second.last_login_time)).toBeLessThan(Date.now() - 10);
    const third = (await checkIn(username)).json().data.userInfo;
    const profile = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { 'x-user-token': token } });
    expect((await profile(third.token)).json().data.last_login_time).toBe(third.last_login_time);
    expect(third.last_login_time).not.toBe(second.last_login_time);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'x-user-token': first.token },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(first.token)).statusCode).toBe(401);
    expect((await profile(second.token)).statusCode).toBe(200);
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/sessions',
      headers: { 'x-user-token': second.token },
    });
    expect(everywhere.statusCode).toBe(200);
    expect((await profile(second.token)).statusCode).toBe(401);
    expect((await profile(third.token)).statusCode).toBe(401);
  });

  it("disabling a signed-in member ends that member's access at once", async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const me = await signedIn(tenant.id);
    const profile = () => t.app.inject({ method: 'GET', url: '/api/account/profile', headers: me.headers });
    expect((await profile()).statusCode).toBe(200);
    await t.database.db.update(members).set({ status: 'disabled' }).where(eq(members.id, me.member.id));
    expect((await profile()).statusCode).toBe(401);
  });
});
