import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FACTORY_PASSWORD,
  buildMerchant,
  buildTenant,
  unique,
  uniqueMobile,
} from '../../../test/factories/index.ts';
import { loginAdmin, smsCode, solveCaptcha } from '../../../test/helpers/auth.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { findAdminUserByUsername, setAdminUserLocked, setAdminUserStatus } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };

async function merchantAccount() {
  const tenant = await buildTenant(t.database.db, { isDefault: true });
  const username = unique('m');
  const built = await buildMerchant(t.database.db, tenant.id, {
    primary: { username, password: FACTORY_PASSWORD },
  });
  return { tenant, username, ...built };
}

describe('admin login', () => {
  it('signs in with the captcha and returns tokens, user, site info and menus', async () => {
    const { username, merchant } = await merchantAccount();
    const res = await loginAdmin(t, username, FACTORY_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      user: {
        username,
        tier: 'merchant',
        is_primary: true,
        merchant: { id: merchant.id, number: merchant.number },
      },
      settings: { product_tag_type: expect.any(String) },
    });
    // A primary account sees every menu of its tier, each item with its buttons.
    const names = (
      data.menus as Array<{ name: string; children: Array<{ name: string; buttons: string[] }> }>
    ).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['dashboard', 'access', 'system']));
    const roleMenu = data.menus
      .find((m: { name: string }) => m.name === 'access')
      .children.find((c: { name: string }) => c.name === 'access/role');
    expect(roleMenu.buttons).toEqual(expect.arrayContaining(['role:add', 'role:del']));
    expect(JSON.stringify(data.menus)).not.toContain('access/menu');
    expect(data.access_token).toMatch(/^ey/);
    expect(data.refresh_token.length).toBeGreaterThanOrEqual(40);
    // The first sign-in has no earlier one to show (issue 27: "last login" is the one before).
    expect(data.user.last_login_time).toBeNull();
    expect(data.info.name).toBeTruthy();

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/index',
      headers: { authorization: `Bearer ${data.access_token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user.username).toBe(username);
  });

  it('requires the captcha, and refuses one that was not passed or is used twice', async () => {
    const { username } = await merchantAccount();
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: EN,
      payload: { username, password: FACTORY_PASSWORD },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Please complete the captcha');

    const captcha = await solveCaptcha(t);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: FACTORY_PASSWORD, ...captcha },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: FACTORY_PASSWORD, ...captcha },
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong captcha click and destroys that captcha', async () => {
    const id = 'wrong-captcha-0001';
    await t.app.inject({ method: 'GET', url: `/api/common/clickCaptcha?id=${id}` });
    const answer = await t.services.captcha.answer(id);
    const reversed = [...answer!.points]
      .reverse()
      .map((p) => `${p.x},${p.y}`)
      .join('-');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/common/checkClickCaptcha',
      headers: EN,
      payload: { id, info: `${reversed};${answer!.width};${answer!.height}`, unset: false },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('Wrong area clicked, please try again');
    expect(await t.services.captcha.answer(id)).toBeNull();
  });

  it('accepts clicks made on a scaled-down image', async () => {
    const { username } = await merchantAccount();
    const captcha = await solveCaptcha(t, { scale: 0.5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: FACTORY_PASSWORD, ...captcha },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const { username } = await merchantAccount();
    const wrong = await loginAdmin(t, username, 'Wrong12345');
    const unknown = await loginAdmin(t, 'nobody_here', 'Wrong12345');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(wrong.json().msg);
  });

  it('refuses a locked user and a disabled one', async () => {
    const { username, primary } = await merchantAccount();
    await setAdminUserLocked(t.database.db, primary.id, true);
    const locked = await loginAdmin(t, username, FACTORY_PASSWORD, {});
    expect(locked.statusCode).toBe(400);
    expect(locked.json().msg).toBe('账号已被锁定，请联系管理员');

    await setAdminUserLocked(t.database.db, primary.id, false);
    await setAdminUserStatus(t.database.db, primary, 'disabled');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: EN,
      payload: { username, password: FACTORY_PASSWORD, ...(await solveCaptcha(t)) },
    });
    expect(res.json().msg).toBe('This account is disabled');
  });

  it("disabling a primary account disables its staff, and ends a signed-in user's access", async () => {
    const tenant = await buildTenant(t.database.db);
    const staffName = unique('staff');
    const { primary } = await buildMerchant(t.database.db, tenant.id, {
      primary: { username: unique('boss'), password: FACTORY_PASSWORD },
      staff: [{ username: staffName, password: FACTORY_PASSWORD }],
    });
    const login = await loginAdmin(t, staffName, FACTORY_PASSWORD);
    const token = login.json().data.access_token;
    const changed = await setAdminUserStatus(t.database.db, primary, 'disabled');
    expect(changed).toHaveLength(2);
    expect((await findAdminUserByUsername(t.database.db, staffName))?.status).toBe('disabled');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/index',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("locking a signed-in user ends that user's access at once, and unlocking restores it", async () => {
    const { username, primary } = await merchantAccount();
    const token = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data.access_token;
    const index = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/index',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await index()).statusCode).toBe(200);
    await setAdminUserLocked(t.database.db, primary.id, true);
    expect((await index()).statusCode).toBe(401);
    await setAdminUserLocked(t.database.db, primary.id, false);
    expect((await index()).statusCode).toBe(200);
  });

  it('locks the account after five wrong passwords, with a clear message', async () => {
    const { username } = await merchantAccount();
    for (let i = 0; i < 5; i++) expect((await loginAdmin(t, username, 'Wrong12345')).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: EN,
      payload: { username, password: FACTORY_PASSWORD, ...(await solveCaptcha(t)) },
    });
    // Decision 0010: every failed login is 400, a lock included (issue 17 finding 12).
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400 });
    expect(res.json().msg).toMatch(
      /^Too many wrong passwords: the account is locked, please try again in 1[0-5] minute\(s\)$/,
    );
  });

  it('rate-limits login attempts per IP', async () => {
    const payload = { username: 'someone', password: 'Whatever1' };
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: EN,
        payload,
        remoteAddress: '10.9.9.9',
      });
      last = res.statusCode;
      if (last === 429) {
        expect(res.json().msg).toMatch(/^Too many attempts, please try again in \d+ minute\(s\)$/);
        break;
      }
    }
    expect(last).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload,
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(400);
  });

  it.each([
    [
      'en',
      { username: '1abc', password: 'x' },
      'username',
      'The username must start with a letter and contain only letters, digits and underscores',
    ],
    ['zh-cn', { username: 'ab', password: 'x' }, 'username', '用户名长度不能少于 3'],
    ['en', { password: 'Demo12345' }, 'username', 'Please enter username'],
    ['zh-cn', { username: 'alice' }, 'password', '请输入密码'],
  ])('names the field of a bad login (%s)', async (lang, payload, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-language': lang },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toContainEqual({ field, message });
  });
});

describe('admin registration', () => {
  async function register(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const mobile = (overrides.mobile as string | undefined) ?? uniqueMobile();
    const code = await smsCode(t, '/api/v1/verify/code', { mobile, event: 'register' }, mobile);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers,
      payload: {
        username: unique('new'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
        merchant_number: unique('MN'),
        mobile,
        code,
        ...overrides,
      },
    });
  }

  it('creates a merchant and its primary account in the default tenant, signed in', async () => {
    const tenant = await buildTenant(t.database.db, { isDefault: true });
    const res = await register({ username: 'fresh_merchant', merchant_number: 'SHOP-7' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({
      username: 'fresh_merchant',
      tier: 'merchant',
      is_primary: true,
      merchant: { number: 'SHOP-7' },
    });
    const user = await findAdminUserByUsername(t.database.db, 'fresh_merchant');
    expect(user?.tenantId).toBe(tenant.id);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    // and the new account can sign in
    expect((await loginAdmin(t, 'fresh_merchant', 'Secret123')).statusCode).toBe(200);
  });

  it('refuses a wrong SMS code and writes nothing', async () => {
    await buildTenant(t.database.db, { isDefault: true });
    const mobile = uniqueMobile();
    await smsCode(t, '/api/v1/verify/code', { mobile, event: 'register' }, mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: EN,
      payload: {
        username: 'nocode',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        merchant_number: 'X1',
        mobile,
        code: '000000',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The verification code is wrong or has expired');
    expect(await findAdminUserByUsername(t.database.db, 'nocode')).toBeUndefined();
  });

  it('refuses a taken username with 409', async () => {
    const { username } = await merchantAccount();
    const res = await register({ username }, EN);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This username is already taken');
  });

  it.each([
    ['en', { password: '短密码短密码短密码' }, 'password', 'password must not contain Chinese characters'],
    ['zh-cn', { password: 'Short1', confirmPassword: 'Short1' }, 'password', '密码长度不能少于 8'],
    ['en', { confirmPassword: 'Different1' }, 'confirmPassword', 'Two password entries are inconsistent'],
    ['zh-cn', { confirmPassword: 'Different1' }, 'confirmPassword', '两次输入的密码不一致'],
    ['en', { mobile: '12345' }, 'mobile', 'Please enter the correct mobile phone'],
    [
      'en',
      { username: 'has space' },
      'username',
      'The username must start with a letter and contain only letters, digits and underscores',
    ],
  ])('names the field of a bad registration (%s %j)', async (lang, overrides, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'accept-language': lang },
      payload: {
        username: 'valid_name',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        merchant_number: 'N1',
        mobile: '13900000000',
        code: '123456',
        ...overrides,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toContainEqual({ field, message });
  });

  it('refuses a second code to the same phone within a minute', async () => {
    const mobile = uniqueMobile();
    await smsCode(t, '/api/v1/verify/code', { mobile, event: 'register' }, mobile);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verify/code',
      headers: EN,
      payload: { mobile, event: 'register' },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^Code sent, please try again in \d+ seconds$/);
  });
});

describe('admin forgot password (issue 27)', () => {
  it('issue 27: a code to the bound mobile or e-mail through the outbox resets the password and ends every sign-in; nothing tells whether an account exists', async () => {
    const { username, primary } = await merchantAccount();
    const mobile = uniqueMobile();
    const email = `${unique('adm')}@example.com`;
    const { updateAdminUser } = await import('../access/index.ts');
    await updateAdminUser(t.database.db, primary.id, { mobile, email });
    const before = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data;

    const ask = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/retrievePassword/code',
        headers: EN,
        payload,
      });
    const unknown = await ask({ username: 'nobody_here', type: 'mobile' });
    const known = await ask({ username, type: 'mobile' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json().msg).toBe(unknown.json().msg);
    const code = (await t.services.codes.latestMessage(mobile))?.code;
    expect(code).toMatch(/^\d{6}$/);

    const reset = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/retrievePassword', headers: EN, payload });
    const wrong = await reset({
      username,
      type: 'mobile',
      code: code === '000000' ? '111111' : '000000',
      password: 'Brandnew123',
      confirmPassword: 'Brandnew123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.errors).toMatchObject([{ field: 'code' }]);
    const done = await reset({
      username,
      type: 'mobile',
      code,
      password: 'Brandnew123',
      confirmPassword: 'Brandnew123',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().msg).toBe('Password reset: sign in with the new password');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/index',
      headers: { authorization: `Bearer ${before.access_token}` },
    });
    expect(session.statusCode).toBe(401);
    expect((await loginAdmin(t, username, FACTORY_PASSWORD)).statusCode).toBe(400);
    expect((await loginAdmin(t, username, 'Brandnew123')).statusCode).toBe(200);

    // By e-mail as well.
    await ask({ username, type: 'email' });
    const mailed = (await t.services.codes.latestMessage(email))?.code;
    expect(mailed).toMatch(/^\d{6}$/);
    const byMail = await reset({
      username,
      type: 'email',
      code: mailed,
      password: 'Another123x',
      confirmPassword: 'Another123x',
    });
    expect(byMail.statusCode, byMail.body).toBe(200);
    expect((await loginAdmin(t, username, 'Another123x')).statusCode).toBe(200);
  });
});

describe('admin tokens', () => {
  async function signedIn() {
    const { username } = await merchantAccount();
    return (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data as {
      access_token: string;
      refresh_token: string;
    };
  }
  const refresh = (token: string) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/refresh', headers: EN, payload: { token } });
  const me = (access: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/index',
      headers: { authorization: `Bearer ${access}` },
    });

  it('rotates the refresh token on every use', async () => {
    const first = await signedIn();
    const r1 = await refresh(first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).statusCode).toBe(200);
    const r2 = await refresh(second.refresh_token);
    expect(r2.statusCode).toBe(200);
  });

  it('reusing a rotated refresh token revokes the whole family', async () => {
    const first = await signedIn();
    const second = (await refresh(first.refresh_token)).json().data;
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toContain('used twice');
    // The legitimate newer tokens of that sign-in are dead too.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(401);
  });

  it('issue 27: logout ends this sign-in only; "sign out everywhere" ends every sign-in of the user', async () => {
    const { username } = await merchantAccount();
    const a = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data;
    const b = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data;
    const c = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data;
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${a.access_token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a.access_token)).statusCode).toBe(401);
    expect((await refresh(a.refresh_token)).statusCode).toBe(401);
    // The same user on another device is still signed in.
    expect((await me(b.access_token)).statusCode).toBe(200);
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/sessions',
      headers: { authorization: `Bearer ${b.access_token}`, ...EN },
    });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json().msg).toBe('Signed out on every device');
    for (const tokens of [b, c]) {
      expect((await me(tokens.access_token)).statusCode).toBe(401);
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    }
  });

  it('issue 27: "last login" is the sign-in before the current one, in the session, the profile and the dashboard', async () => {
    const { username } = await merchantAccount();
    const first = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data;
    expect(first.user.last_login_time).toBeNull();
    const firstAt = (await findAdminUserByUsername(t.database.db, username))!.lastLoginAt!.toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data;
    expect(second.user.last_login_time).toBe(firstAt);
    const headers = { authorization: `Bearer ${second.access_token}` };
    expect((await me(second.access_token)).json().data.user.last_login_time).toBe(firstAt);
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/admin/profile', headers });
    expect(profile.json().data).toMatchObject({
      last_login_time: firstAt,
      last_login_ip: expect.any(String),
    });
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers });
    expect(dashboard.json().data.lastLoginTime).toBe(firstAt);
  });

  it('an admin token is not a member token, and a refresh token is not an access token', async () => {
    const tokens = await signedIn();
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { 'x-user-token': tokens.access_token },
    });
    expect(asMember.statusCode).toBe(401);
    expect((await me(tokens.refresh_token)).statusCode).toBe(401);
    const memberRefresh = await t.app.inject({
      method: 'PUT',
      url: '/api/user/refresh',
      payload: { token: tokens.refresh_token },
    });
    expect(memberRefresh.statusCode).toBe(401);
  });

  it('GET /api/v1/auth/index needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/index', headers: EN });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('User not logged in, please log in again!');
  });
});
