import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, submitAndExpectRow, pageErrors } = useAdminBrowser();

// Every tenant here is made through the pages, as a user would.
describe('tenancy', () => {
  it('platform creates a supplier level and a supplier; the supplier creates a factory and a merchant, whose primary account signs in', async () => {
    const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-8);
    const levelName = `Gold ${suffix}`;
    const supplierName = `Supplier ${suffix}`;
    const supplierAdmin = `s${suffix}`;
    const merchantName = `Shop ${suffix}`;
    const merchantNumber = `M-${suffix}`;
    const merchantPrimary = `m${suffix}`;
    const password = 'Tenant2025x';

    // The platform administrator: a supplier level allowing merchants, then a supplier on it.
    const platform = await openPage();
    await signIn(platform, 'admin', DEMO_PASSWORD);
    await platform.goto(`${baseUrl}/admin/tenancy/supplierLevel`);
    await platform.getByTestId('supplier-level-page').waitFor();
    await platform.getByTestId('crud-add').click();
    const levelForm = platform.getByTestId('crud-form');
    await levelForm.locator('#name').fill(levelName);
    await levelForm.locator('#annual_fee').fill('1999.5');
    for (const count of ['supplier_user_count', 'factory_count', 'merchant_count', 'merchant_user_count']) {
      await levelForm.locator(`#${count}`).fill('10');
    }
    await submitAndExpectRow(platform, 'supplier-level-page', levelName);
    // Fees travel in minor units and show in yuan with two decimals.
    await platform.getByTestId('supplier-level-page').getByRole('cell', { name: '¥1999.50' }).waitFor();

    await platform.goto(`${baseUrl}/admin/tenancy/supplier`);
    await platform.getByTestId('supplier-page').waitFor();
    await platform.getByTestId('crud-add').click();
    const supplierForm = platform.getByTestId('crud-form');
    await supplierForm.locator('#name').fill(supplierName);
    await supplierForm.locator('#admin_username').fill(supplierAdmin);
    await supplierForm.locator('#admin_password').fill(password);
    await supplierForm.locator('#level_id').click();
    await platform.locator('.ant-select-item-option').filter({ hasText: levelName }).click();
    await supplierForm.getByTestId('supplier-ssl_key').fill('-----BEGIN PRIVATE KEY-----');
    // The level's dates use antd's pickers (issue 26), not the browser's mm/dd/yyyy inputs.
    expect(await supplierForm.locator('input[type="date"]').count()).toBe(0);
    for (const [field, day] of [
      ['level_start', '2026-01-01'],
      ['level_end', '2026-12-31'],
    ] as const) {
      await supplierForm.locator(`#${field}`).click();
      await supplierForm.locator(`#${field}`).fill(day);
      await supplierForm.locator(`#${field}`).press('Enter');
      expect(await supplierForm.locator(`#${field}`).inputValue()).toBe(day);
    }
    await submitAndExpectRow(platform, 'supplier-page', supplierName);
    const saved = await platform.evaluate(async (name) => {
      const res = await fetch(`/api/v1/admin/supplier?keyword=${encodeURIComponent(name)}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('adminToken')}` },
      });
      return ((await res.json()) as { data: { list: Array<{ level_start: string; level_end: string }> } })
        .data.list[0];
    }, supplierName);
    expect(saved).toMatchObject({ level_start: '2026-01-01', level_end: '2026-12-31' });
    const supplierRow = platform
      .getByTestId('supplier-page')
      .getByRole('row')
      .filter({ hasText: supplierName });
    await supplierRow.getByRole('cell', { name: levelName, exact: true }).waitFor();
    // The SSL pair is only half set, and never shown.
    expect(await supplierRow.innerText()).not.toContain('BEGIN');

    // The supplier's administrator signs in, creates a factory, then a merchant with its primary account.
    const supplier = await openPage();
    await signIn(supplier, supplierAdmin, password);
    await supplier.goto(`${baseUrl}/admin/tenancy/factory`);
    await supplier.getByTestId('factory-page').waitFor();
    await supplier.getByTestId('crud-add').click();
    const factoryForm = supplier.getByTestId('crud-form');
    const factoryName = `Factory ${suffix}`;
    await factoryForm.locator('#number').fill(`F-${suffix}`);
    await factoryForm.locator('#name').fill(factoryName);
    await factoryForm.locator('#province').fill('广东省');
    await factoryForm.locator('#city').fill('深圳市');
    await factoryForm.locator('#address').fill('1 Print Road');
    await factoryForm.locator('#sender_name').fill('Li Lei');
    await factoryForm.locator('#sender_phone').fill('13800001111');
    await submitAndExpectRow(supplier, 'factory-page', factoryName);

    await supplier.goto(`${baseUrl}/admin/tenancy/merchant`);
    await supplier.getByTestId('merchant-page').waitFor();
    await supplier.getByTestId('crud-add').click();
    const merchantForm = supplier.getByTestId('crud-form');
    await merchantForm.locator('#name').fill(merchantName);
    await merchantForm.locator('#number').fill(merchantNumber);
    await merchantForm.locator('#primary_username').fill(merchantPrimary);
    await merchantForm.locator('#primary_password').fill(password);
    await submitAndExpectRow(supplier, 'merchant-page', merchantName);
    const merchantRow = supplier
      .getByTestId('merchant-page')
      .getByRole('row')
      .filter({ hasText: merchantName });
    await merchantRow.getByRole('cell', { name: merchantPrimary, exact: true }).waitFor();

    // The merchant's primary account signs in and lands on the dashboard.
    const merchant = await openPage();
    await signIn(merchant, merchantPrimary, password);
    await merchant.getByTestId('dashboard-greeting').waitFor();
    expect(pageErrors()).toEqual([]);
  });
});
