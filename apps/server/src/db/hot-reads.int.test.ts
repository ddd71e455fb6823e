import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCheckoutWorld, US_ADDRESS, type CheckoutWorld } from '../../test/factories/orders.ts';
import { statementsOf } from '../../test/helpers/statements.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { flushAdminLog } from '../modules/admin/admin-log.ts';
import { effectiveConfig } from '../modules/site/index.ts';
import { systemConfigs } from './schema/index.ts';

/**
 * Issue 25 point 3 (decision 0084): the hot reads run few statements, each prepared once, with no
 * table read twice in a request, and every statement on a tenant table names its tenant.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Reply = {
  statusCode: number;
  body: string;
  json(): { data: Record<string, unknown> } & Record<string, unknown>;
};
type World = CheckoutWorld & { lineId: string; addressId: string };

const inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }) as unknown as Promise<Reply>;

async function world(): Promise<World> {
  const w = await buildCheckoutWorld(t);
  const cart = await inject('POST', '/api/v1/admin/cart', w.m.headers, {
    items: [
      {
        finished_product_id: w.m.finished.id,
        color_id: w.basics.colors[0]!.id,
        size_id: w.basics.sizes[0]!.id,
        quantity: 2,
      },
    ],
  });
  expect(cart.statusCode, cart.body).toBe(200);
  const address = await inject('POST', '/api/v1/admin/address', w.m.headers, US_ADDRESS);
  expect(address.statusCode, address.body).toBe(200);
  return {
    ...w,
    lineId: (cart.json().data.list as Array<{ id: string }>)[0]!.id,
    addressId: (address.json().data as { id: string }).id,
  };
}

/** Tables that are not a tenant's (or are read by their own key): the user by id, the host's tenant. */
const NOT_TENANT_SCOPED = /from "(admin_users|tenants|menus)"/;

/**
 * The request once to warm the per-process caches a page load finds warm (sessions, menus,
 * prepared statements), then again, counted. Every counted statement on a tenant table names
 * tenant_id, and none is run twice.
 */
async function counted(run: () => Promise<Reply>) {
  const warm = await run();
  expect(warm.statusCode, warm.body).toBe(200);
  // The admin log is written in batches on a timer: rows of the set-up's requests are written now,
  // not in the middle of the counted request.
  await flushAdminLog(t.database.db);
  const { result, statements } = await statementsOf(t.database, run);
  expect(result.statusCode, result.body).toBe(200);
  for (const text of statements) {
    if (!NOT_TENANT_SCOPED.test(text)) expect(text).toMatch(/"tenant_id" = \$\d+/);
  }
  expect(new Set(statements).size, statements.join('\n')).toBe(statements.length);
  return { reply: result.json(), warm: warm.json(), statements };
}

describe('hot reads: statements per request (decision 0084)', () => {
  it('the finished-products list: groups, page with its total, products, categories, colours, sizes', async () => {
    const w = await world();
    const { reply, warm, statements } = await counted(() =>
      inject('GET', '/api/v1/admin/design/finished?page=1&limit=20', w.m.headers),
    );
    expect(reply.data).toEqual(warm.data);
    const list = reply.data.list as Array<{ id: string; product_id: string; colors: unknown[] }>;
    expect(reply.data.total).toBe(1);
    expect(list.map((f) => f.id)).toEqual([w.m.finished.id]);
    expect(list[0]!.product_id).toBe(w.product.id);
    expect(list[0]!.colors).toHaveLength(1);
    // 1 the merchant's groups (read once: the group filter and the group names), 2 the page and
    // its total in one statement, 3 the products, 4 the categories, 5 colours, 6 sizes.
    // Before: 7 (count and page apart, the groups read by the filter and again by the view).
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(6);
  });

  it('the finished-products list keeps its filters and totals: a primary group with its secondary, a page past the end', async () => {
    const w = await world();
    const group = async (name: string, parentId: string | null) => {
      const res = await inject('POST', '/api/v1/admin/design/groups', w.m.headers, {
        name,
        parent_id: parentId,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: string }).id;
    };
    const primary = await group('Tees', null);
    const secondary = await group('Summer', primary);
    const moved = await inject('PUT', '/api/v1/admin/design/finished/move', w.m.headers, {
      ids: [w.m.finished.id],
      group_id: secondary,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = (query: string) => inject('GET', `/api/v1/admin/design/finished?${query}`, w.m.headers);

    const byPrimary = (await list(`group_id=${primary}`)).json().data;
    expect(byPrimary.total).toBe(1);
    expect((byPrimary.list as Array<{ group_name: string }>)[0]!.group_name).toBe('Tees / Summer');
    expect((await list('group_id=none')).json().data.total).toBe(0);
    expect((await list('keyword=summer')).json().data.total).toBe(1);
    expect((await list('keyword=winter')).json().data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`date_from=${today}&date_to=${today}`)).json().data.total).toBe(1);
    expect((await list('date_to=2000-01-01')).json().data.total).toBe(0);
    expect((await list(`product_id=${w.product.id}&keyword=summer`)).json().data.total).toBe(1);
    // Another merchant's list does not see it.
    const other = await inject('GET', `/api/v1/admin/design/finished?group_id=${primary}`, w.n.headers);
    expect(other.json().data.total).toBe(0);
    // A page past the end: no rows, the total still counted.
    const past = (await list('page=3&limit=20')).json().data;
    expect(past.list).toEqual([]);
    expect(past.total).toBe(1);
  });

  it('the cart: lines, finished products, categories, products, level, colours, sizes', async () => {
    const w = await world();
    const { reply, statements } = await counted(() => inject('GET', '/api/v1/admin/cart', w.m.headers));
    const list = reply.data.list as Array<{
      id: string;
      state: string;
      quantity: number;
      unit_price: number;
    }>;
    expect(reply.data.total).toBe(1);
    expect(list[0]).toMatchObject({ id: w.lineId, state: 'ok', quantity: 2 });
    // 1 the lines, 2 their finished products, 3 the tenant's categories (which products the
    // merchant may see), 4 the products, 5 the merchant's level in force (its own or the default,
    // one statement; before: the merchant row and the level apart), 6 colours, 7 sizes. Before: 8.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(7);
  });

  it('the settlement preview: the cart’s look-ups, ship-from factory (with its name), addresses, logistics, balances', async () => {
    const w = await world();
    const { reply, statements } = await counted(() =>
      inject('POST', '/api/v1/admin/settlement/preview', w.m.headers, {
        cart_line_ids: [w.lineId],
        addresses: [{ address_id: w.addressId }],
      }),
    );
    const data = reply.data as {
      factory: { id: string; name: string } | null;
      lines: Array<{ cart_line_id: string; quantity: number }>;
      balances: Array<{ currency: string; balance: number }>;
      orders: Array<{ shipping: unknown }>;
      can_submit: boolean;
    };
    expect(data.factory).toEqual({ id: w.factory.id, name: w.factory.name });
    expect(data.lines).toMatchObject([{ cart_line_id: w.lineId, quantity: 2 }]);
    expect(data.balances).toEqual([
      { currency: 'CNY', balance: 100_000 },
      { currency: 'USD', balance: 0 },
    ]);
    expect(data.can_submit).toBe(true);
    // 1 the selected lines, 2–7 as the cart (finished, categories, products, level, colours,
    // sizes), 8 the ship-from factory with its name (before: the factory, then its name again),
    // 9 the addresses, 10 the logistics options, 11 the balances and money on hold (before: two
    // statements). Before: 14.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(11);
  });

  it('the signed-in user’s session and menus: user, merchant, site, settings (menus from the cache)', async () => {
    const w = await world();
    const { reply, warm, statements } = await counted(() => inject('GET', '/api/v1/auth/index', w.m.headers));
    expect(reply.data).toEqual(warm.data);
    const data = reply.data as {
      user: { merchant: { id: string } | null };
      menus: unknown[];
      menu_paths: string[];
    };
    expect(data.user.merchant?.id).toBe(w.m.merchant.id);
    expect(data.menus.length).toBeGreaterThan(0);
    expect(data.menu_paths.length).toBeGreaterThan(0);
    // 1 the user, 2 its merchant, 3 the host's tenant, 4 the platform's and the tenant's settings in
    // one statement. The menu tree and the menu paths come from the menu cache (before: the paths
    // were read on every request). Before: 5.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
  });

  it('settings in one statement: the tenant’s value over the platform’s, the platform’s alone for no tenant', async () => {
    const w = await world();
    await t.database.db.insert(systemConfigs).values([
      { tenantId: null, key: 'site.name', value: { v: 'Platform' } },
      { tenantId: null, key: 'site.email', value: { v: 'platform@example.com' } },
      { tenantId: w.tenant.id, key: 'site.name', value: { v: 'Supplier' } },
    ]);
    const { result: tenant, statements } = await statementsOf(t.database, () =>
      effectiveConfig(t.database.db, w.tenant.id, 'Default'),
    );
    expect(tenant['site.name']).toBe('Supplier');
    expect(tenant['site.email']).toBe('platform@example.com');
    expect(statements).toHaveLength(1);
    const platform = await effectiveConfig(t.database.db, null, 'Default');
    expect(platform['site.name']).toBe('Platform');
  });
});
