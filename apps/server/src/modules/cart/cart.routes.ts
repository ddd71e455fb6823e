import { cartOperations } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { merchantWideContext } from '../access/index.ts';
import * as cart from './cart.service.ts';

/** The cart (spec §2 /admin/publish/shopCart): list, add up to 50 at once, edit, delete selected. */
export function cartRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, cartOperations.cartList, async (request) => {
    const list = await cart.listCart(merchantWideContext(request, db), request.ctx.lang, services.files);
    return ok({ list, total: list.length });
  });

  route(app, cartOperations.cartAdd, async (request) => {
    const list = await db.transaction(async (tx) => {
      const ctx = merchantWideContext(request, tx);
      const rows = await cart.addToCart(ctx, request.body.items);
      return cart.viewLines(ctx, request.ctx.lang, services.files, rows);
    });
    return ok({ list }, t(request.ctx.lang, 'cart.added'));
  });

  route(app, cartOperations.cartUpdate, async (request) => {
    const line = await db.transaction(async (tx) => {
      const ctx = merchantWideContext(request, tx);
      const row = await cart.updateCartLine(ctx, request.params.id, request.body);
      const [line] = await cart.viewLines(ctx, request.ctx.lang, services.files, [row]);
      return line!;
    });
    return ok(line, t(request.ctx.lang, 'common.ok'));
  });

  route(app, cartOperations.cartDelete, async (request) => {
    const count = await db.transaction((tx) =>
      cart.removeCartLines(merchantWideContext(request, tx), request.query.ids),
    );
    return ok({ count }, t(request.ctx.lang, 'cart.deleted', { count }));
  });
}
