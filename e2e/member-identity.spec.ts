import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { outboxCode, solveCaptcha } from './test-hooks.ts';

/** Issue 27 "Member centre and identity": sign-ins, sign-outs, registration and the member centre. */
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();

/** The signed-in admin's own JSON call to the API from inside the page. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const data: unknown = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: unknown };
      if (json.code !== 1) throw new Error(`${method} ${path}: ${json.msg}`);
      return json.data;
    },
    { method, path, body },
  );
  return data as T;
}

const suffix = () => `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-7);

describe('sign-ins and sign-outs', () => {
  it('issue 27: "last login" is the previous sign-in; logging out ends this sign-in only; "sign out everywhere" ends them all', async () => {
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);
    const username = `u${suffix()}`;
    const password = 'Staff2025x';
    await apiCall(admin, 'POST', '/api/v1/admin/admin', { username, password });

    // First sign-in: there is no earlier one to show.
    const first = await openPage();
    await signIn(first, username, password);
    await first.goto(`${baseUrl}/admin/profile`);
    await first.getByTestId('profile-last-login').getByText('这是您的第一次登录').waitFor();

    // Second sign-in, on another device: "last login" is the first one, not this one.
    const second = await openPage();
    await signIn(second, username, password);
    await second.goto(`${baseUrl}/admin/profile`);
    const shown = second.getByTestId('profile-last-login');
    await expect.poll(() => shown.innerText()).toMatch(/\d{4}年.*\d{1,2}:\d{2}/);

    // Logging out on the first device leaves the second signed in.
    await first.getByTestId('logout').click();
    await first.locator('.ant-popconfirm').getByRole('button', { name: '退出登录' }).click();
    await first.waitForURL(`${baseUrl}/login`);
    await second.reload();
    await second.getByTestId('admin-profile').waitFor();

    // A third sign-in, then "sign out everywhere" from the second: both end.
    const third = await openPage();
    await signIn(third, username, password);
    await second.getByTestId('sign-out-everywhere').click();
    await second.locator('.ant-popconfirm').getByRole('button', { name: '在所有设备上退出' }).click();
    await second.waitForURL(`${baseUrl}/login`);
    await third.goto(`${baseUrl}/admin/profile`);
    await third.waitForURL((url) => url.pathname === '/login');
    expect(pageErrors()).toEqual([]);
  });
});

describe('registration', () => {
  it('issue 27: the form explains the merchant number, and an invalid one gets a clear message', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/register`);
    await page.getByTestId('register-page').waitFor();
    await page
      .getByTestId('merchant-number-hint')
      .getByText(/商户编号是您的店铺在平台上的编号/)
      .waitFor();
    await page.locator('#merchant_number').fill('M 01!');
    await page.locator('#mobile').click();
    await page.getByText('商户编号只能是 2–20 位字母、数字、“-”或“_”，例如 M0001').waitFor();
    expect(pageErrors()).toEqual([]);
  });
});

const IPHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
};

const mobileNumber = () => `139${String(randomInt(100_000_000)).padStart(8, '0')}`;

/** A small real PNG (an avatar stand-in). */
function avatarPng(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3, 90);
  row[0] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A new member of the demo supplier (the tenant this host serves), made by the supplier's
 * administrator: no code has been sent to its mobile yet (a second code within a minute is refused).
 */
async function newMember(): Promise<{ username: string; password: string; mobile: string }> {
  const supplier = await openPage();
  await signIn(supplier, 'supplier', DEMO_PASSWORD);
  const member = { username: `mem${suffix()}`, password: 'Member2025', mobile: mobileNumber() };
  await apiCall(supplier, 'POST', '/api/v1/admin/member', member);
  return member;
}

/** Signs a member in through the member login form and its captcha. */
async function memberSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByTestId('member-login-page').waitFor();
  await page.locator('#memberLogin_username').fill(username);
  await page.locator('#memberLogin_password').fill(password);
  await page.getByTestId('member-login-submit').click();
  await solveCaptcha(page, baseUrl);
  await page.waitForURL((url) => url.pathname.startsWith('/user/account/'));
}

describe('forgot password', () => {
  it('issue 27: the admin login has a forgot-password path: a code to the bound mobile through the outbox, then the new password signs in', async () => {
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);
    const username = `f${suffix()}`;
    const mobile = mobileNumber();
    await apiCall(admin, 'POST', '/api/v1/admin/admin', { username, password: 'Staff2025x', mobile });

    const page = await openPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('forgot-password').click();
    await page.waitForURL(`${baseUrl}/forgotPassword`);
    const form = page.getByTestId('forgot-password-page');
    await form.locator('#username').fill(username);
    await form.getByTestId('send-code').click();
    await form.locator('#code').fill(await outboxCode(baseUrl, mobile));
    await form.locator('#password').fill('Renewed2025x');
    await form.locator('#confirmPassword').fill('Renewed2025x');
    await page.getByTestId('forgot-password-submit').click();
    await page.waitForURL(`${baseUrl}/login`);
    await signIn(page, username, 'Renewed2025x');
    expect(pageErrors()).toEqual([]);
  });

  it('issue 27: the member login has a forgot-password link; a code to the bound mobile sets a new password', async () => {
    const member = await newMember();
    const page = await openPage();
    await page.goto(`${baseUrl}/user/login`);
    await page.getByTestId('member-forgot-password').click();
    await page.waitForURL(`${baseUrl}/user/retrievePassword`);
    const form = page.getByTestId('member-retrieve-page');
    await form.locator('#account').fill(member.mobile);
    await form.getByTestId('send-code').click();
    await form.locator('#captcha').fill(await outboxCode(baseUrl, member.mobile));
    await form.locator('#password').fill('Member2026');
    await page.getByTestId('member-retrieve-submit').click();
    await page.waitForURL(`${baseUrl}/user/login`);
    await memberSignIn(page, member.username, 'Member2026');
    expect(pageErrors()).toEqual([]);
  });
});

describe('the member centre on a phone', () => {
  it('issue 27: a member uploads an avatar and adds an e-mail (proved by a code to the mobile, then one to the e-mail)', async () => {
    const member = await newMember();
    const page = await openPage(IPHONE);
    await memberSignIn(page, member.username, member.password);
    await page.goto(`${baseUrl}/user/account/profile`);
    const avatar = page.getByTestId('member-avatar');
    await avatar.waitFor();
    await avatar
      .getByTestId('member-avatar-upload')
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: avatarPng() }]);
    await avatar.locator('.ant-avatar img').waitFor();
    expect(await avatar.locator('.ant-avatar img').getAttribute('src')).toContain('/files/');

    await page.getByTestId('change-email').click();
    const verify = page.getByTestId('bind-verify-form');
    await verify.getByTestId('send-code').click();
    await verify.locator('#captcha').fill(await outboxCode(baseUrl, member.mobile));
    await page.getByTestId('bind-verify-submit').click();
    const change = page.getByTestId('bind-change-form');
    const email = `${member.username}@example.com`;
    await change.locator('#address').fill(email);
    await change.getByTestId('send-code').click();
    await change.locator('#captcha').fill(await outboxCode(baseUrl, email));
    await page.getByTestId('bind-change-submit').click();
    await page.getByTestId('member-email').getByText(email).waitFor();
    // The page keeps to the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(pageErrors()).toEqual([]);
  });
});
