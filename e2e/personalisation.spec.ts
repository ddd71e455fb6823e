import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { api } from './orders-api.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 120_000, interval: 1_000 };

interface FinishedRow {
  id: string;
  name: string;
  colors: Array<{ id: string }>;
  sizes: Array<{ id: string }>;
}
interface OrderLine {
  id: string;
  finished_product_id: string | null;
  external_sku_id: string;
}
interface Personalisation {
  blocking_lines: number;
  lines: Array<{
    line_id: string;
    status: 'pending' | 'rendering' | 'done' | 'review';
    reason_code: string | null;
    reason: string | null;
    customisation: Array<{ kind: 'text' | 'image'; value: string; label: string | null }>;
    applied: Array<{ slot: string; kind: string; value: string }>;
    renders: Array<{ mockup_url: string | null; thumb_url: string | null }>;
    edited: boolean;
    document: unknown;
  }>;
}

/** How much two images differ: the share of pixels off by more than 40 levels (drawn at one size). */
function imageDifference(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    async ({ a, b }) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve(img);
          img.onerror = () => reject(new Error(`cannot load ${src}`));
          img.src = src;
        });
      const [x, y] = await Promise.all([load(a), load(b)]);
      const pixels = (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = 400;
        canvas.height = 400;
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0, 400, 400);
        return context.getImageData(0, 0, 400, 400).data;
      };
      const p = pixels(x);
      const q = pixels(y);
      let differing = 0;
      for (let i = 0; i < p.length; i += 4)
        if (
          Math.max(
            Math.abs(p[i]! - q[i]!),
            Math.abs(p[i + 1]! - q[i + 1]!),
            Math.abs(p[i + 2]! - q[i + 2]!),
          ) > 40
        )
          differing++;
      return differing / (p.length / 4);
    },
    { a, b },
  );
}

describe('buyer personalisation', () => {
  it('a merchant marks a finished product personalisable, a customised Temu order is filled into it, the order detail shows the personalised mockup and a flagged line with its reason, and the flagged line is corrected in the editor and comes back ready', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);

    // A finished product of the merchant's own to personalise: the demo T-shirt design (its
    // "Hello summer" text layer becomes the buyer's name slot), saved under a new name.
    const finished = await api<{ list: FinishedRow[] }>(
      page,
      'GET',
      '/api/v1/admin/design/finished?limit=100',
    );
    // The demo seed's (DEMO_FINISHED_NAME, apps/server/src/db/seed/demo-finished.ts).
    const demo = finished.list.find((f) => f.name.endsWith('Demo summer tee'))!;
    expect(demo).toBeDefined();
    const detail = await api<{ documents: Array<Record<string, unknown>>; product_id: string }>(
      page,
      'GET',
      `/api/v1/admin/design/finished/${demo.id}`,
    );
    const name = `E2E personalised tee ${randomInt(1e6)}`;
    const created = await api<{ finished: { id: string } }>(page, 'POST', '/api/v1/admin/design/finished', {
      product_id: detail.product_id,
      name,
      documents: detail.documents,
    });
    const product = created.finished.id;
    const own = await api<{
      colors: Array<{ id: string }>;
      sizes: Array<{ id: string }>;
      surfaces: Array<{ surface_key: string; mockup_url: string | null }>;
    }>(page, 'GET', `/api/v1/admin/design/finished/${product}`);

    // 1. In the finished products list: "Personalisation slots", the text layer named "name".
    await page.goto(`${baseUrl}/admin/publish/finished/my`);
    const row = page.getByTestId('finished-row').filter({ hasText: name });
    await row.waitFor(POLL);
    await row.getByTestId('finished-slots').click();
    // (The modal's root element carries the test id but has no size of its own.)
    const use = page.getByTestId('slot-use-demo_title');
    await use.waitFor();
    await use.click();
    await expect.poll(() => page.getByTestId('slot-name-demo_title').inputValue()).toBe('name');
    await page.screenshot({ path: `${ARTIFACTS}personalisation-slots.png` });
    await page.getByTestId('slots-save').click();
    await use.waitFor({ state: 'detached' });
    const slots = await api<{ personalisable: boolean; slots: Array<{ name: string; layer_id: string }> }>(
      page,
      'GET',
      `/api/v1/admin/design/finished/${product}/slots`,
    );
    expect(slots.personalisable).toBe(true);
    expect(slots.slots).toEqual([
      expect.objectContaining({ name: 'name', layer_id: 'demo_title', kind: 'text' }),
    ]);

    // 2. The Temu sandbox's customised orders, synced now from the order sync page.
    await page.goto(`${baseUrl}/admin/order/sync`);
    const temu = page.getByTestId('sync-shops').getByRole('row').filter({ hasText: 'Demo Temu Shop' });
    await temu.waitFor(POLL);
    await temu.getByTestId('sync-now').click();
    await expect
      .poll(() => temu.getByTestId('sync-progress').getAttribute('data-state'), POLL)
      .toBe('completed');

    // Their lines linked to the personalisable product (as the merchant links a marketplace line,
    // remembered for the shop's SKU): the personalisation fills the customised ones.
    const shops = await api<{ list: Array<{ id: string; name: string }> }>(
      page,
      'GET',
      '/api/v1/admin/shop?limit=100',
    );
    const shop = shops.list.find((s) => s.name === 'Demo Temu Shop')!;
    const unpaid = await api<{ list: Array<{ order_no: string; third_party_order_no: string }> }>(
      page,
      'GET',
      `/api/v1/admin/order?shop_id=${shop.id}&status=unpaid&limit=100`,
    );
    // The US region's orders (PO-211-…): a text-only customisation and a text-and-photo one among them.
    const orders = unpaid.list.filter((o) => o.third_party_order_no.startsWith('PO-211-'));
    expect(orders.length).toBeGreaterThan(1);
    for (const order of orders) {
      const lines = await api<{ lines: OrderLine[] }>(page, 'GET', `/api/v1/admin/order/${order.order_no}`);
      for (const line of lines.lines)
        if (!line.finished_product_id)
          await api(page, 'POST', `/api/v1/admin/order/${order.order_no}/lines/${line.id}/link`, {
            finished_product_id: product,
            color_id: own.colors[0]!.id,
            size_id: own.sizes[0]!.id,
            remember: false,
          });
    }

    // The fill job runs on its own; each customised line ends done or flagged for review.
    const settled = new Map<string, Personalisation>();
    await expect
      .poll(async () => {
        for (const order of orders) {
          if (settled.has(order.order_no)) continue;
          const data = await api<Personalisation>(
            page,
            'GET',
            `/api/v1/admin/order/${order.order_no}/personalisation`,
          );
          if (data.lines.length && data.lines.every((l) => l.status === 'done' || l.status === 'review'))
            settled.set(order.order_no, data);
        }
        const all = [...settled.values()].flatMap((d) => d.lines.map((l) => l.status));
        return all.includes('done') && all.includes('review');
      }, POLL)
      .toBe(true);
    const pick = (status: 'done' | 'review') =>
      [...settled.entries()].find(([, d]) => d.lines.some((l) => l.status === status))!;
    const [doneNo, doneData] = pick('done');
    const [reviewNo, reviewData] = pick('review');
    const doneLine = doneData.lines.find((l) => l.status === 'done')!;
    const flagged = reviewData.lines.find((l) => l.status === 'review')!;
    // The buyer's text went into the slot; the photo has no slot on this product.
    const buyerText = doneLine.customisation.find((c) => c.kind === 'text')!.value;
    expect(doneLine.applied).toEqual([
      expect.objectContaining({ slot: 'name', kind: 'text', value: buyerText }),
    ]);
    expect(flagged.reason_code).toBe('missing_slot');

    // 3. The order detail of the filled line: its personalised mockup, which is not the product's own.
    await page.goto(`${baseUrl}/admin/order/detail?order_no=${doneNo}`);
    const card = page.getByTestId('order-personalisation');
    await card.waitFor(POLL);
    const doneRow = card.getByRole('row').filter({ hasText: buyerText });
    await doneRow.waitFor(POLL);
    await expect
      .poll(() => doneRow.getByTestId('personalisation-status').innerText())
      .toMatch(/^(已就绪|Ready)$/);
    const mockup = doneRow
      .getByTestId('personalisation-mockup')
      .locator('img')
      .or(doneRow.locator('img[data-testid="personalisation-mockup"]'));
    await mockup.first().waitFor(POLL);
    await expect
      .poll(() =>
        mockup
          .first()
          .evaluate(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
      )
      .toBe(true);
    // The product's own mockup (rendered by its job after the save).
    const rendered = await api<{ surfaces: Array<{ surface_key: string; mockup_url: string | null }> }>(
      page,
      'GET',
      `/api/v1/admin/design/finished/${product}`,
    );
    const ownMockup = rendered.surfaces.find((s) => s.surface_key === 'front' && s.mockup_url)?.mockup_url;
    expect(ownMockup).toBeTruthy();
    // "Hello Summer" became the buyer's text: the mockups differ where the text is.
    expect(await imageDifference(page, doneLine.renders[0]!.mockup_url!, ownMockup!)).toBeGreaterThan(0.002);
    await card.screenshot({ path: `${ARTIFACTS}personalisation-done.png` });

    // 4. The flagged line: its reason, the order blocked from payment until it is resolved.
    await page.goto(`${baseUrl}/admin/order/detail?order_no=${reviewNo}`);
    const flaggedCard = page.getByTestId('order-personalisation');
    await flaggedCard.waitFor(POLL);
    const reason = flaggedCard.getByTestId('personalisation-reason').first();
    await reason.waitFor(POLL);
    expect(await reason.innerText()).toMatch(
      /(No slot for the buyer's "area-2"|买家的“area-2”没有对应的槽位)/,
    );
    await flaggedCard.getByTestId('personalisation-blocking').waitFor();
    expect(await flaggedCard.getByTestId('personalisation-mockup').count()).toBeGreaterThan(0);
    await flaggedCard.screenshot({ path: `${ARTIFACTS}personalisation-flagged.png` });
    const pay = await page.evaluate(async (orderNo) => {
      const response = await fetch('/api/v1/admin/order/pay', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          'content-type': 'application/json',
          'accept-language': 'en',
        },
        body: JSON.stringify({ order_nos: [orderNo] }),
      });
      return { status: response.status, msg: ((await response.json()) as { msg: string }).msg };
    }, reviewNo);
    expect(pay.status).toBe(409);
    expect(pay.msg).toMatch(/personalised lines pending or flagged/);

    // 5. The editor round trip: from the flagged line into the editor on its own design, the
    // buyer's text changed by hand, saved, and back to the order detail where the line is ready.
    await flaggedCard
      .getByRole('row')
      .filter({ has: page.getByTestId('personalisation-reason') })
      .first()
      .getByTestId('personalisation-edit')
      .click();
    await page.waitForURL(/\/admin\/design\?/);
    const editorUrl = new URL(page.url());
    expect(editorUrl.searchParams.get('order')).toBe(reviewNo);
    expect(editorUrl.searchParams.get('line')).toBe(flagged.line_id);
    await page.locator('[data-testid="design-canvas"][data-ready="true"]').waitFor({ timeout: 60_000 });
    // The header names the order: this is the line's design, not the finished product's.
    await page.getByText(new RegExp(`(Order ${reviewNo} personalisation|订单 ${reviewNo} 个性化)`)).waitFor();
    // The text layer that holds the buyer's text (the "name" slot) gets the merchant's correction.
    const flaggedText = flagged.applied.find((a) => a.slot === 'name')?.value ?? null;
    const textRows = page.locator('[data-testid="layer-row"][data-layer-type="text"]');
    await expect.poll(() => textRows.count()).toBeGreaterThan(0);
    let picked = false;
    for (let i = 0; i < (await textRows.count()) && !picked; i++) {
      await textRows.nth(i).click();
      const value = await page.getByTestId('prop-text').inputValue();
      picked = flaggedText === null || value === flaggedText;
    }
    expect(picked).toBe(true);
    const corrected = `Fixed ${randomInt(1e6)}`;
    await page.getByTestId('prop-text').fill(corrected);
    await expect.poll(() => page.getByTestId('prop-text').inputValue()).toBe(corrected);
    await page.getByTestId('design-save').click();
    // A blurry image in the design asks for a confirmation first, as any design save does.
    // (antd keeps a hidden copy of a confirm dialog's title: the visible one counts.)
    const done = page.locator('[data-testid="save-done"]:visible');
    const blurry = page.getByTestId('confirm-blurry');
    // (The waits that lose the race end quietly; the one below fails the test if neither came.)
    await Promise.race([done.waitFor(POLL).catch(() => null), blurry.waitFor(POLL).catch(() => null)]);
    if (await blurry.isVisible()) {
      await blurry.click();
      await blurry.waitFor({ state: 'hidden' });
    }
    await done.waitFor(POLL);
    await page
      .locator('.ant-modal-confirm')
      .filter({ has: page.getByTestId('save-done') })
      .locator('.ant-modal-confirm-btns button')
      .last()
      .click();
    await page.waitForURL(new RegExp(`/admin/order/detail\\?order_no=${reviewNo}`));

    // Back in the order detail: the line is rendered again and ready, marked as edited by hand,
    // its reason gone, and nothing blocks the order any more.
    const after = page.getByTestId('order-personalisation');
    await after.waitFor(POLL);
    const editedRow = after
      .getByRole('row')
      .filter({ has: page.getByTestId('personalisation-status') })
      .first();
    await expect
      .poll(() => editedRow.getByTestId('personalisation-status').innerText(), POLL)
      .toMatch(/^(已就绪|Ready)$/);
    await editedRow.getByText(/^(Edited by hand|已手动编辑)$/).waitFor();
    expect(await after.getByTestId('personalisation-reason').count()).toBe(0);
    expect(await after.getByTestId('personalisation-blocking').count()).toBe(0);
    await editedRow.getByTestId('personalisation-mockup').first().waitFor(POLL);
    await after.screenshot({ path: `${ARTIFACTS}personalisation-edited.png` });
    // What the server holds: the merchant's text in the line's design, the line no longer blocking.
    const saved = await api<Personalisation>(page, 'GET', `/api/v1/admin/order/${reviewNo}/personalisation`);
    const savedLine = saved.lines.find((l) => l.line_id === flagged.line_id)!;
    expect(savedLine).toMatchObject({ status: 'done', reason_code: null, edited: true });
    expect(JSON.stringify(savedLine.document)).toContain(JSON.stringify(corrected));
    expect(saved.blocking_lines).toBe(0);
    expect(pageErrors()).toEqual([]);
  }, 300_000);
});
