import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

/** Issue 27 "Member centre and identity": sign-ins, sign-outs, registration and the member centre. */
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();

/** The signed-in admin's own JSON call to the API from inside the page. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (json.code !== 1) throw new Error(`${method} ${path}: ${json.msg}`);
      return json.data;
    },
    { method, path, body },
  ) as Promise<T>;
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
    await page.locator('#merchantNumber').fill('M 01!');
    await page.locator('#mobile').click();
    await page.getByText('商户编号只能是 2–20 位字母、数字、“-”或“_”，例如 M0001').waitFor();
    expect(pageErrors()).toEqual([]);
  });
});
