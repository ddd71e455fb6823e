import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, submitAndExpectRow, pageErrors } = useAdminBrowser();

describe('admin tools', () => {
  it('config saves with server validation, the admin log shows the write, a rate is create-only, recycle restores', async () => {
    const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-8);
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);

    // System config: a bad e-mail is refused by the server under its field; a good one saves.
    await admin.goto(`${baseUrl}/admin/system/config`);
    const config = admin.getByTestId('config-page');
    await config.waitFor();
    await config.getByText('站点名称', { exact: true }).waitFor();
    const email = config.locator('[id="site.email"]');
    await email.fill('not-an-email');
    await admin.getByTestId('config-save').click();
    await config.locator('.ant-form-item-has-error').locator('[id="site.email"]').waitFor();
    await email.fill(`ops-${suffix}@example.com`);
    await admin.getByTestId('config-save').click();
    await config.locator('.ant-form-item-has-error').waitFor({ state: 'detached' });
    await config.getByRole('tab', { name: '上传设置' }).click();
    await config.getByText('允许的扩展名', { exact: true }).waitFor();

    // Admin log: the config write, with its masked summary in the details drawer.
    await admin.goto(`${baseUrl}/admin/system/adminLog`);
    const log = admin.getByTestId('admin-log-page');
    await log.waitFor();
    const configRow = log.getByRole('row').filter({ hasText: '/api/v1/admin/config' }).first();
    await configRow.waitFor();
    await configRow.getByTestId('admin-log-details').click();
    await admin.getByTestId('admin-log-summary').waitFor();

    // Exchange rates: created and listed, never edited.
    await admin.goto(`${baseUrl}/admin/finance/exchangeRate`);
    const rates = admin.getByTestId('exchange-rate-page');
    await rates.waitFor();
    await admin.getByTestId('crud-add').click();
    await admin.getByTestId('crud-form').locator('#rate').fill('0.15');
    await admin.getByTestId('crud-form-submit').click();
    await admin.getByTestId('crud-form').waitFor({ state: 'detached' });
    await rates.getByText('RMB = 1 : 0.15').first().waitFor();
    expect(await rates.getByTestId('crud-edit').count()).toBe(0);

    // Recycle: a deleted level comes back on restore.
    const levelName = `Bin ${suffix}`;
    await admin.goto(`${baseUrl}/admin/tenancy/supplierLevel`);
    const levels = admin.getByTestId('supplier-level-page');
    await levels.waitFor();
    await admin.getByTestId('crud-add').click();
    await admin.getByTestId('crud-form').locator('#name').fill(levelName);
    await submitAndExpectRow(admin, 'supplier-level-page', levelName);
    await levels.getByRole('row').filter({ hasText: levelName }).getByTestId('crud-delete').click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await levels.getByRole('row').filter({ hasText: levelName }).waitFor({ state: 'detached' });

    await admin.goto(`${baseUrl}/admin/system/recycle`);
    const recycle = admin.getByTestId('recycle-page');
    await recycle.waitFor();
    const binRow = recycle.getByRole('row').filter({ hasText: levelName });
    await binRow.getByTestId('recycle-restore').click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /还\s*原/ })
      .click();
    await binRow.waitFor({ state: 'detached' });
    await admin.goto(`${baseUrl}/admin/tenancy/supplierLevel`);
    await levels.getByRole('cell', { name: levelName, exact: true }).waitFor();
    expect(pageErrors()).toEqual([]);
  });
});
