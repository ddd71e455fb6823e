import { z } from 'zod';
import {
  cartAddSchema,
  cartDeleteQuerySchema,
  cartListReplySchema,
  cartUpdateSchema,
  envelope,
} from '@pod/shared';
import { cartLineSchema } from '@pod/shared';
import { idParamsSchema } from '../../platform/crud/crud-schemas.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { merchantWideContext } from '../access/index.ts';
import * as cart from './cart.service.ts';

const TAGS = ['cart'];
const BASE = '/api/v1/admin/cart';
const admin = (permission: string) => ({ audience: 'admin' as const, permission });

/** The cart (spec §2 /admin/publish/shopCart): list, add up to 50 at once, edit, delete selected. */
export function cartRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  app.get(
    BASE,
    {
      config: admin('cart:list'),
      schema: {
        tags: TAGS,
        operationId: 'cartList',
        summary: 'The merchant’s cart with the price when added and today’s price of each line',
        response: { 200: envelope(cartListReplySchema) },
      },
    },
    async (request) => {
      const list = await cart.listCart(merchantWideContext(request, db), request.ctx.lang, services.files);
      return ok({ list, total: list.length });
    },
  );

  app.post(
    BASE,
    {
      config: admin('cart:add'),
      schema: {
        tags: TAGS,
        operationId: 'cartAdd',
        summary: 'Adds finished products (colour and size of an in-stock SKU; at most 50 at once)',
        body: cartAddSchema,
        response: { 200: envelope(z.object({ list: z.array(cartLineSchema) })) },
      },
    },
    async (request) => {
      const list = await db.transaction(async (tx) => {
        const ctx = merchantWideContext(request, tx);
        const rows = await cart.addToCart(ctx, request.body.items);
        return cart.viewLines(ctx, request.ctx.lang, services.files, rows);
      });
      return ok({ list }, t(request.ctx.lang, 'cart.added'));
    },
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: admin('cart:edit'),
      schema: {
        tags: TAGS,
        operationId: 'cartUpdate',
        summary: 'Changes a line’s quantity, colour or size (priced again)',
        params: idParamsSchema,
        body: cartUpdateSchema,
        response: { 200: envelope(cartLineSchema) },
      },
    },
    async (request) => {
      const line = await db.transaction(async (tx) => {
        const ctx = merchantWideContext(request, tx);
        const row = await cart.updateCartLine(ctx, request.params.id, request.body);
        const [line] = await cart.viewLines(ctx, request.ctx.lang, services.files, [row]);
        return line!;
      });
      return ok(line, t(request.ctx.lang, 'common.ok'));
    },
  );

  app.delete(
    BASE,
    {
      config: admin('cart:del'),
      schema: {
        tags: TAGS,
        operationId: 'cartDelete',
        summary: 'Deletes the selected lines (?ids=a,b)',
        querystring: cartDeleteQuerySchema,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const count = await db.transaction((tx) =>
        cart.removeCartLines(merchantWideContext(request, tx), request.query.ids),
      );
      return ok({ count }, t(request.ctx.lang, 'cart.deleted', { count }));
    },
  );
}
