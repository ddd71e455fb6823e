import { randomInt } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, submitAndExpectRow, pageErrors } = useAdminBrowser();

/** The fee preview's weight input, wherever antd puts the test id (wrapper or input). */
const previewWeight = (scope: Locator) =>
  scope.locator('[data-testid="fee-preview-weight"] input, input[data-testid="fee-preview-weight"]');

// Issue 10: the supplier sets up a logistics method and its rate from the demo factory in the browser.
it('a supplier creates a logistics method and a rate, previews the fee and sees the rate under the method', async () => {
  const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-6).toUpperCase();
  const methodName = `E2E 专线 ${suffix}`;
  const page = await openPage();
  await signIn(page, 'supplier', DEMO_PASSWORD);

  // The demo seed's methods are listed.
  await page.goto(`${baseUrl}/admin/tenancy/shippingMethod`);
  const methods = page.getByTestId('shipping-method-page');
  await methods.getByText('YUN-STD', { exact: true }).waitFor();

  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await form.locator('#carrier').fill('燕文 Yanwen');
  await form.locator('#name').fill(methodName);
  await form.locator('#code').fill(`E2E-${suffix}`);
  await form.locator('#destination_countries').click();
  for (const country of ['美国', '英国']) {
    await form.locator('#destination_countries').fill(country);
    await page.locator(`.ant-select-item-option[title="${country}"]`).click();
  }
  await form.locator('#delivery_days_min').fill('9');
  await form.locator('#delivery_days_max').fill('5');
  await page.getByTestId('crud-form-submit').click();
  // spec §5 style: the range is checked in the browser with the server's rule and message.
  await form.getByText('最短时效不能大于最长时效').waitFor();
  await form.locator('#delivery_days_max').fill('15');
  await submitAndExpectRow(page, 'shipping-method-page', methodName);

  // A rate from the demo factory, with the fee previewed while typing.
  await page.goto(`${baseUrl}/admin/tenancy/shippingRate`);
  await page.getByTestId('shipping-rate-page').waitFor();
  await page.getByTestId('crud-add').click();
  const rateForm = page.getByTestId('crud-form');
  await rateForm.locator('#method_id').click();
  await page.locator('.ant-select-item-option').filter({ hasText: methodName }).click();
  await rateForm.locator('#factory_id').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Demo Factory' }).click();
  await rateForm.locator('#first_weight_g').fill('100');
  await rateForm.locator('#first_price').fill('12');
  await rateForm.locator('#additional_weight_g').fill('50');
  await rateForm.locator('#additional_price').fill('3.5');
  await previewWeight(rateForm).fill('350');
  // 100 g ¥12.00, then 5 started 50 g steps of ¥3.50.
  await rateForm.getByTestId('fee-preview-value').filter({ hasText: '¥29.50' }).waitFor();
  await page.getByTestId('crud-form-submit').click();
  await rateForm.waitFor({ state: 'detached' });
  const rateRow = page.getByTestId('shipping-rate-page').getByRole('row').filter({ hasText: methodName });
  await rateRow.waitFor();
  expect(await rateRow.innerText()).toContain('Demo Factory');

  // Back on the methods, the new method counts its rate and shows it in its drawer.
  await page.goto(`${baseUrl}/admin/tenancy/shippingMethod`);
  const methodRow = page.getByTestId('shipping-method-page').getByRole('row').filter({ hasText: methodName });
  await methodRow.getByRole('button', { name: '运费（1）' }).click();
  const drawer = page.getByTestId('method-rates-drawer');
  await drawer.getByRole('cell', { name: 'Demo Factory', exact: true }).waitFor();
  await previewWeight(drawer).fill('350');
  await drawer.getByText('¥29.50').waitFor();

  expect(pageErrors()).toEqual([]);
});
