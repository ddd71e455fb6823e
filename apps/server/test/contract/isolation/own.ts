import { expect } from 'vitest';
import { FACTORY_PASSWORD, unique } from '../../factories/index.ts';
import { png, multipart } from '../../helpers/multipart.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import type { Ctx, Who } from './types.ts';
import type { World } from './world.ts';

/** Calls the API as `who` and returns `data` of a 2xx answer (fixtures build through the API). */
export async function api<T = Record<string, unknown>>(
  ctx: { t: TestApp; w: World },
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await ctx.t.app.inject({
    method,
    url,
    headers: ctx.w.headers[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, `${method} ${url} as ${who}: ${res.body.slice(0, 500)}`).toBeLessThan(300);
  return res.json().data as T;
}

/** Uploads a small PNG as `who` (topic `material`, usable for materials, avatars and receipts). */
export async function upload(ctx: { t: TestApp; w: World }, who: Who, colour = '#3366cc') {
  const body = await multipart([
    { name: `${unique('img')}.png`, body: await png(40, 30, colour), type: 'image/png' },
  ]);
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/admin/ajax/upload?topic=material',
    headers: { ...ctx.w.headers[who], ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, `upload as ${who}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data.file as { id: string; url: string };
}

/** A multipart body with one PNG, for upload routes replayed by the matrix. */
export const pngUpload = async () =>
  multipart([{ name: `${unique('img')}.png`, body: await png(40, 30), type: 'image/png' }]);

type CartLine = { id: string; finished_product_id: string; color_id: string; size_id: string };
/** The cart line of one SKU in a cart reply. */
export function lineOf(
  list: CartLine[],
  item: { finished_product_id: string; color_id: string; size_id: string },
): CartLine {
  const line = list.find(
    (l) =>
      l.finished_product_id === item.finished_product_id &&
      l.color_id === item.color_id &&
      l.size_id === item.size_id,
  );
  if (!line) throw new Error('the cart has no line of the SKU just added');
  return line;
}

/** A random id nobody owns, for identities that have no object of their own of that kind. */
export const NOBODYS = '00000000-0000-4000-8000-00000000dead';

const cache = new WeakMap<World, Map<string, Promise<string>>>();
/** An object of the caller's own (made once per identity and kind), for "attach mine to yours" probes. */
function ownOnce(ctx: Ctx, kind: string, make: () => Promise<string>): Promise<string> {
  let byWorld = cache.get(ctx.w);
  if (!byWorld) cache.set(ctx.w, (byWorld = new Map()));
  const key = `${ctx.who}:${kind}`;
  let made = byWorld.get(key);
  if (!made) byWorld.set(key, (made = make()));
  return made;
}

/** Primary accounts and supplier admins that can make organisation objects of their own. */
const ORGANISERS: Who[] = ['otherTenantMerchant', 'sameSupplierMerchant', 'otherTenantSupplier', 'supplier'];

export const own = {
  role: (ctx: Ctx) =>
    ORGANISERS.includes(ctx.who)
      ? ownOnce(ctx, 'role', async () => {
          const role = await api<{ id: string }>(ctx, ctx.who, 'POST', '/api/v1/admin/role', {
            name: unique('Own role'),
            code: unique('own'),
          });
          return role.id;
        })
      : Promise.resolve(NOBODYS),
  department: (ctx: Ctx) =>
    ORGANISERS.includes(ctx.who)
      ? ownOnce(ctx, 'department', async () => {
          const dept = await api<{ id: string }>(ctx, ctx.who, 'POST', '/api/v1/admin/department', {
            name: unique('Own dept'),
          });
          return dept.id;
        })
      : Promise.resolve(NOBODYS),
  staff: (ctx: Ctx) =>
    ORGANISERS.includes(ctx.who)
      ? ownOnce(ctx, 'staff', async () => {
          const user = await api<{ id: string }>(ctx, ctx.who, 'POST', '/api/v1/admin/admin', {
            username: unique('ownstaff'),
            password: FACTORY_PASSWORD,
          });
          return user.id;
        })
      : Promise.resolve(NOBODYS),
  /** A material of the caller's own library (merchants and supplier admins). */
  material: (ctx: Ctx) =>
    ['otherTenantMerchant', 'sameSupplierMerchant', 'otherTenantSupplier'].includes(ctx.who)
      ? ownOnce(ctx, 'material', async () => {
          const file = await upload(ctx, ctx.who);
          const m = await api<{ id: string }>(ctx, ctx.who, 'POST', '/api/v1/admin/material', {
            name: unique('Own material'),
            attachment_id: file.id,
          });
          return m.id;
        })
      : Promise.resolve(NOBODYS),
  /** A cart line of merchant MB's own (its finished product of the checkout world). */
  cartLine: (ctx: Ctx) =>
    ctx.who === 'sameSupplierMerchant'
      ? ownOnce(ctx, 'cartLine', async () => {
          const { w } = ctx;
          const item = {
            finished_product_id: w.b.finished.id,
            color_id: w.t1.basics.colors[0]!.id,
            size_id: w.t1.basics.sizes[1]!.id,
          };
          const cart = await api<{ list: CartLine[] }>(ctx, ctx.who, 'POST', '/api/v1/admin/cart', {
            items: [item],
          });
          return lineOf(cart.list, item).id;
        })
      : Promise.resolve(NOBODYS),
  /** An uploaded image of the caller's own (anyone signed in may upload). */
  attachment: (ctx: Ctx) =>
    ctx.who === 'anonymous'
      ? Promise.resolve(NOBODYS)
      : ownOnce(ctx, 'attachment', async () => (await upload(ctx, ctx.who)).id),
};
