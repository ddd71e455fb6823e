import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
/** Writes go through the server and a refetch; give them the time a loaded CI machine needs. */
const POLL = { timeout: 15_000 };

/** A PNG chunk: length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of one colour with a stripe, so each file is a distinct image. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const isStripe = Math.abs(x - y) < 4;
      row.set(isStripe ? [255 - r, 255 - g, 255 - b] : [r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('material library', () => {
  it('a merchant creates a category and uploads five images into it: four succeed, the fake PNG is reported with its reason', async () => {
    const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-8);
    const categoryName = `Spring ${suffix}`;
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);

    await page.goto(`${baseUrl}/admin/materials/library`);
    await page.getByTestId('material-library-page').waitFor();
    await page.getByTestId('category-uncategorised').waitFor();

    // A new category shows in the tree.
    await page.getByTestId('category-add').click();
    const categoryForm = page.getByTestId('category-form');
    await categoryForm.locator('#name').fill(categoryName);
    await page.getByTestId('category-form-submit').click();
    await categoryForm.waitFor({ state: 'detached' });
    const node = page
      .getByTestId('category-tree')
      .locator(`[data-testid="category-node"][data-name="${categoryName}"]`);
    await node.waitFor();
    await node.getByText(categoryName, { exact: true }).click();
    await page.getByTestId('material-empty').waitFor();

    // Five images, one of them a .png whose content is text: the browser cannot tell, the server can.
    await page.getByTestId('material-upload').click();
    const dialog = page.getByTestId('batch-upload');
    await dialog.waitFor();
    const colours: [number, number, number][] = [
      [220, 60, 60],
      [60, 160, 80],
      [40, 90, 200],
      [230, 180, 30],
    ];
    const good = colours.map((colour, i) => ({
      name: `pattern-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: png(120 + i * 10, 90, colour),
    }));
    const fake = {
      name: 'fake-image.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html>not a picture</html>\n'),
    };
    await dialog.locator('input[type="file"]').setInputFiles([good[0]!, good[1]!, fake, good[2]!, good[3]!]);
    await expect
      .poll(() => dialog.locator('[data-testid="upload-entry"][data-status="ready"]').count(), POLL)
      .toBe(5);
    // The chosen category is where they go.
    await dialog.getByTestId('upload-category').getByText(categoryName).waitFor();

    await page.getByTestId('upload-start').click();
    const summary = dialog.getByTestId('upload-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.innerText()).toContain('成功 4 个，失败 1 个');
    const failures = dialog.getByTestId('upload-failure');
    expect(await failures.count()).toBe(1);
    const failure = await failures.innerText();
    expect(failure).toContain('fake-image.png');
    expect(failure).toContain('不允许的文件类型');
    expect(await dialog.locator('[data-testid="upload-entry"][data-status="done"]').count()).toBe(4);
    // Each uploaded file's own progress bar ends full.
    expect(await dialog.locator('[data-status="done"] [data-testid="upload-progress"]').count()).toBe(4);
    await page.screenshot({ path: `${ARTIFACTS}materials-upload-summary.png` });

    // The four materials are in the category's grid, and its count says so.
    await page.getByTestId('upload-close').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('material-card').count(), POLL).toBe(4);
    await node.getByText('4', { exact: true }).waitFor();
    expect(await page.getByTestId('material-grid').getByText('pattern-1', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}materials-library.png` });

    // The usable library lists them as the merchant's own.
    await page.getByRole('tab', { name: '可用素材库' }).click();
    await page.getByTestId('material-library').waitFor();
    await expect.poll(() => page.getByTestId('library-card').count(), POLL).toBeGreaterThanOrEqual(4);
    expect(pageErrors()).toEqual([]);
  });

  it('a supplier sorts its official categories by dragging, shares and authorises a material; the merchant sees it wait for authorisation; the attachments page keeps a used file', async () => {
    const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-8);
    const parentName = `Official ${suffix}`;
    const childName = `Autumn ${suffix}`;
    const materialName = `logo-${suffix}`;
    const supplier = await openPage();
    await signIn(supplier, 'supplier', DEMO_PASSWORD);
    await supplier.goto(`${baseUrl}/admin/materials/library`);
    await supplier.getByTestId('material-library-page').waitFor();
    const tree = supplier.getByTestId('category-tree');
    const nodeOf = (name: string) => tree.locator(`[data-testid="category-node"][data-name="${name}"]`);

    // Two top-level categories; dragging one onto the other moves it under it.
    for (const name of [parentName, childName]) {
      await supplier.getByTestId('category-add').click();
      await supplier.getByTestId('category-form').locator('#name').fill(name);
      await supplier.getByTestId('category-form-submit').click();
      await supplier.getByTestId('category-form').waitFor({ state: 'detached' });
      await nodeOf(name).waitFor();
    }
    // rc-tree drops inside a node when the pointer ends over its lower half, moved right by more
    // than an indent from where the drag started.
    const from = (await nodeOf(childName).boundingBox())!;
    const to = (await nodeOf(parentName).boundingBox())!;
    await supplier.mouse.move(from.x + 20, from.y + from.height / 2);
    await supplier.mouse.down();
    await supplier.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 3 });
    await supplier.mouse.move(from.x + 80, to.y + to.height * 0.75, { steps: 10 });
    await supplier.mouse.up();
    // Nested: the child's tree row is indented one level deeper than the parent's.
    const indentOf = (name: string) =>
      tree
        .locator('[role="treeitem"]')
        .filter({ has: supplier.locator(`[data-testid="category-node"][data-name="${name}"]`) })
        .locator('.ant-tree-indent-unit')
        .count();
    await expect.poll(() => indentOf(childName), POLL).toBe((await indentOf(parentName)) + 1);

    // An official material, shared with the tenant's merchants, in the sub-category.
    await nodeOf(childName).getByText(childName, { exact: true }).click();
    await supplier.getByTestId('material-upload').click();
    const dialog = supplier.getByTestId('batch-upload');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([
        { name: `${materialName}.png`, mimeType: 'image/png', buffer: png(200, 160, [90, 40, 160]) },
      ]);
    await supplier.getByTestId('upload-start').click();
    await dialog.getByTestId('upload-summary').waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('upload-summary').innerText()).toContain('成功 1 个，失败 0 个');
    await supplier.getByTestId('upload-close').click();
    const card = supplier.locator(`[data-testid="material-card"][data-name="${materialName}"]`);
    await card.waitFor();
    await card.getByTestId('material-edit').click();
    const drawer = supplier.getByTestId('material-drawer');
    await drawer.waitFor();
    await drawer.getByTestId('material-blacklist').waitFor();
    await drawer.getByTestId('material-whitelist').waitFor();
    await drawer.getByTestId('material-visibility').getByText('租户内共享').click();
    await drawer.getByTestId('material-save').click();
    await drawer.waitFor({ state: 'detached' });
    await card.getByText('租户内共享').waitFor();

    // The merchant sees it, marked as waiting for authorisation.
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    await merchant.goto(`${baseUrl}/admin/materials/library`);
    await merchant.getByRole('tab', { name: '可用素材库' }).click();
    const libraryCard = merchant.locator(`[data-testid="library-card"][data-name="${materialName}"]`);
    await libraryCard.getByTestId('library-awaiting').waitFor();

    // The supplier authorises it; the merchant's library then lists it as usable.
    await card.getByTestId('material-edit').click();
    await drawer.getByTestId('material-authorise').click();
    await expect
      .poll(() => drawer.getByTestId('material-authorise').getAttribute('aria-checked'), POLL)
      .toBe('true');
    await supplier.screenshot({ path: `${ARTIFACTS}materials-supplier-drawer.png` });
    await drawer.locator('.ant-drawer-close').click();
    await merchant.reload();
    await merchant.getByRole('tab', { name: '可用素材库' }).click();
    await libraryCard.getByText('可使用', { exact: true }).waitFor();
    expect(await libraryCard.getByTestId('library-awaiting').count()).toBe(0);

    // The attachments page lists the file; deleting it while the material uses it is refused.
    await supplier.goto(`${baseUrl}/admin/system/attachment`);
    const attachments = supplier.getByTestId('attachment-page');
    await attachments.waitFor();
    const row = attachments.getByRole('row').filter({ hasText: `${materialName}.png` });
    await row.waitFor();
    await row.getByTestId('attachment-delete').click();
    await supplier
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await supplier.locator('.ant-message-error').waitFor();
    await row.waitFor();
    expect(pageErrors()).toEqual([]);
  }, 150_000);
});
