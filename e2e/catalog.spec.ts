import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
/** Writes go through the server and a refetch; give them the time a loaded CI machine needs. */
const POLL = { timeout: 15_000 };

describe('catalogue (issue 6)', () => {
  it('the demo supplier creates an SPU category and a colour, and opens a product’s surfaces editor', async () => {
    // Chinese names in Chinese and a suffix of digits: the two-language sweep, which may visit these
    // pages while this test runs, takes Latin words in a Chinese name beside its English one for an
    // untranslated interface.
    const suffix = `${Date.now() % 100_000_000}${randomInt(1_000)}`;
    const categoryName = `帽子 ${suffix}`;
    const colourName = `橄榄绿 ${suffix}`;
    const page = await openPage();
    await signIn(page, 'supplier', DEMO_PASSWORD);

    // SPU inventory: a category under the demo's Apparel, shown in the tree.
    await page.goto(`${baseUrl}/admin/spu/category`);
    await page.getByTestId('spu-category-page').getByRole('cell', { name: '服装' }).first().waitFor(POLL);
    await page.getByTestId('crud-add').click();
    const categoryForm = page.getByTestId('crud-form');
    await categoryForm.locator('#category_name').fill(categoryName);
    // Its English name (issue 26), found by the quick search as well.
    await categoryForm.locator('#en_name').fill(`Caps ${suffix}`);
    await categoryForm.getByTestId('category-tree-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '服装' }).click();
    await page.getByTestId('crud-form-submit').click();
    await categoryForm.waitFor({ state: 'detached', ...POLL });
    // Found by the quick search on its English name, the subcategory shows with its level.
    await page.getByTestId('crud-quick-search').locator('input').fill(`Caps ${suffix}`);
    await page.getByTestId('crud-quick-search').locator('input').press('Enter');
    const categoryRow = page
      .getByTestId('spu-category-page')
      .getByRole('row')
      .filter({ hasText: categoryName });
    await categoryRow.getByRole('cell', { name: '2', exact: true }).waitFor(POLL);

    // A colour with its hex; the list shows it.
    await page.goto(`${baseUrl}/admin/spu/color`);
    await page.getByTestId('spu-color-page').waitFor();
    await page.getByTestId('crud-add').click();
    const colourForm = page.getByTestId('crud-form');
    await colourForm.locator('#name').fill(colourName);
    await colourForm.locator('#en_name').fill('Olive');
    await colourForm.getByTestId('color-hex').fill('#6B8E23');
    await page.getByTestId('crud-form-submit').click();
    await colourForm.waitFor({ state: 'detached', ...POLL });
    const colourRow = page.getByTestId('spu-color-page').getByRole('row').filter({ hasText: colourName });
    await colourRow.getByRole('cell', { name: '#6b8e23' }).waitFor(POLL);

    // The T-shirt's design surfaces: the mockup with its print area over it, editable by dragging.
    await page.goto(`${baseUrl}/admin/product/manage`);
    const products = page.getByTestId('product-page');
    const tee = products.getByRole('row').filter({ hasText: 'TS-CLASSIC' });
    await tee.getByTestId('crud-edit').click();
    const form = page.getByTestId('crud-form');
    await form.locator('#name').waitFor(POLL);
    expect(await form.locator('#name').inputValue()).toBe('经典圆领T恤');
    await form.getByTestId('product-tab-surfaces').click();
    const front = form.getByTestId('surface-0');
    const editor = front.getByTestId('surface-editor');
    await editor.locator('img').waitFor(POLL);
    expect(await editor.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
    const printArea = front.getByTestId('print-area');
    const xInput = front.getByTestId('print_area-x');
    const before = Number(await xInput.inputValue());
    const box = await printArea.boundingBox();
    if (!box) throw new Error('the print area is not drawn');
    // Drag the print area 30 screen px to the right by its middle.
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + 15, middle.y, { steps: 4 });
    await page.mouse.move(middle.x + 30, middle.y, { steps: 4 });
    await page.mouse.up();
    // The safe area came along with it.
    await expect
      .poll(async () => Number(await front.getByTestId('safe_area-x').inputValue()), POLL)
      .toBeGreaterThan(before);
    await expect.poll(async () => Number(await xInput.inputValue()), POLL).toBeGreaterThan(before);
    // The shared geometry rules still hold after the drag: no warning on the surface.
    expect(await front.getByTestId('surface-issues').count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}catalog-surface-editor.png` });
    const moved = {
      print: await xInput.inputValue(),
      safe: await front.getByTestId('safe_area-x').inputValue(),
    };
    const beforeSafe = Number(moved.safe) - (Number(moved.print) - before);

    // Saved, the product keeps the new print area; then it is put back for the other specs.
    const reopen = async () => {
      await page.getByTestId('crud-form-submit').click();
      await form.waitFor({ state: 'detached', ...POLL });
      await tee.getByTestId('crud-edit').click();
      await form.locator('#name').waitFor(POLL);
      await form.getByTestId('product-tab-surfaces').click();
      await front.getByTestId('surface-editor').waitFor(POLL);
    };
    await reopen();
    await expect.poll(() => xInput.inputValue(), POLL).toBe(moved.print);
    expect(await front.getByTestId('safe_area-x').inputValue()).toBe(moved.safe);
    await xInput.fill(String(before));
    await front.getByTestId('safe_area-x').fill(String(beforeSafe));
    await reopen();
    await expect.poll(() => xInput.inputValue(), POLL).toBe(String(before));
    await page.getByRole('button', { name: /取\s*消/ }).click();
    expect(pageErrors()).toEqual([]);
  });

  it('the demo merchant sees its product list with prices, the same as the server charges', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/product/list`);
    const list = page.getByTestId('catalog-product-list');
    const cards = list.getByTestId('catalog-product');
    await cards.first().waitFor(POLL);
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    const tee = cards.filter({ hasText: '经典圆领T恤' });
    // The list price: ¥35.00 blank + ¥10.00 print per face (demo seed).
    expect(await tee.getByTestId('catalog-product-price').textContent()).toContain('¥35.00');

    // The price calculator runs the shared engine over the merchant's price list.
    await tee.getByTestId('catalog-price').click();
    const drawer = page.getByTestId('catalog-price-drawer');
    const unit = drawer.getByTestId('catalog-unit');
    await unit.waitFor(POLL);
    await drawer
      .locator('input[data-testid="catalog-quantity"], [data-testid="catalog-quantity"] input')
      .first()
      .fill('60');
    await expect.poll(async () => drawer.getByTestId('catalog-subtotal').textContent(), POLL).toContain(',');
    const shown = {
      unit: await unit.textContent(),
      subtotal: await drawer.getByTestId('catalog-subtotal').textContent(),
    };

    // The server's own quote for the same line gives the same numbers.
    const productId = await page.evaluate(async () => {
      const token = localStorage.getItem('adminToken') ?? '';
      const res = await fetch('/api/v1/admin/catalog/products?keyword=TS-CLASSIC', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data: { list: Array<{ id: string }> } };
      return body.data.list[0]?.id ?? '';
    });
    // The drawer prices the product's first surface by default.
    const server = await page.evaluate(async (id) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('adminToken') ?? ''}` };
      const detail = await fetch(`/api/v1/admin/catalog/products/${id}`, { headers });
      const surface = ((await detail.json()) as { data: { surfaces: Array<{ id: string }> } }).data
        .surfaces[0];
      const res = await fetch('/api/v1/admin/catalog/quote', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ product_id: id, quantity: 60, surfaces: [surface?.id] }),
      });
      return ((await res.json()) as { data: { unit: number; subtotal: number } }).data;
    }, productId);
    const yuan = (minor: number) => (minor / 100).toFixed(2);
    expect(shown.unit?.replace(/[¥,]/g, '')).toBe(yuan(server.unit));
    expect(shown.subtotal?.replace(/[¥,]/g, '')).toBe(yuan(server.subtotal));
    await page.screenshot({ path: `${ARTIFACTS}catalog-merchant-prices.png` });

    // "Design it" goes to the editor with the product.
    await drawer.getByTestId('catalog-design').click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/design' && url.searchParams.get('product') === productId,
    );
    expect(pageErrors()).toEqual([]);
  });
});
