import { envelope, shopOperations, shopWebhookReplySchema } from '@pod/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Marketplace } from '../../integrations/marketplace/index.ts';
import { registerCrud } from '../../platform/crud/crud.ts';
import { failure, ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { gatewayOf } from './marketplace-gateway.ts';
import { addRiskWords, riskWordResource } from './risk-word.resource.ts';
import { AuthStateSigner, completeAuthorisation, startAuthorisation } from './shop-auth.service.ts';
import { shopResource } from './shop.resource.ts';
import {
  linkWarehouse,
  setSystemWarehouse,
  shopWarehouses,
  unlinkWarehouse,
  vendorWarehouse,
} from './warehouse.service.ts';
import { receiveWebhook } from './webhook.service.ts';

/** The landing pages post the code here: a public route, so a few tries per minute and address. */
const CALLBACK_LIMIT = { name: 'shops:oauth-callback', limit: 30, windowSeconds: 60 };

/** Shops, authorisation, warehouses, risk words and the marketplaces' webhooks (issue 18). */
export function shopsRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const gateway = gatewayOf(services);
  gateway.log = app.log;
  const signer = new AuthStateSigner(services.config.jwtSecret);

  registerCrud(app, services.crud, adminContext, shopResource);
  registerCrud(app, services.crud, adminContext, riskWordResource);

  route(app, shopOperations.shopAuthorise, async (request) => {
    const reply = await db.transaction(async (tx) =>
      startAuthorisation(
        await adminContext(request, tx),
        gateway,
        signer,
        request.params.id,
        request.body.slot,
      ),
    );
    return ok(reply);
  });

  route(app, shopOperations.shopOauthCallback, async (request) => {
    await services.limiter.enforce(CALLBACK_LIMIT, request.ip);
    const reply = await completeAuthorisation(db, gateway, signer, request.body);
    return ok(reply, t(request.ctx.lang, 'common.ok'));
  });

  route(app, shopOperations.shopWarehouses, async (request) =>
    ok(await shopWarehouses(await adminContext(request, db), gateway, request.params.id)),
  );

  route(app, shopOperations.shopWarehouseLink, async (request) => {
    // The vendor is asked first, outside the transaction that changes the shop.
    const warehouse = await vendorWarehouse(
      await adminContext(request, db),
      gateway,
      request.params.id,
      request.body.warehouse_id,
    );
    const shop = await db.transaction(async (tx) =>
      linkWarehouse(await adminContext(request, tx), request.params.id, warehouse),
    );
    return ok(shop, t(request.ctx.lang, 'common.ok'));
  });

  route(app, shopOperations.shopWarehouseUnlink, async (request) => {
    const shop = await db.transaction(async (tx) =>
      unlinkWarehouse(await adminContext(request, tx), request.params.id, request.params.warehouse_id),
    );
    return ok(shop, t(request.ctx.lang, 'common.ok'));
  });

  route(app, shopOperations.shopSystemWarehouse, async (request) => {
    const shop = await db.transaction(async (tx) =>
      setSystemWarehouse(await adminContext(request, tx), request.params.id, request.body.warehouse_id),
    );
    return ok(shop, t(request.ctx.lang, 'common.ok'));
  });

  route(app, shopOperations.riskWordBatch, async (request) => {
    const result = await db.transaction(async (tx) =>
      addRiskWords(await adminContext(request, tx), request.body),
    );
    return ok(result, t(request.ctx.lang, 'common.ok'));
  });

  webhookRoutes(app, services);
}

/**
 * The marketplaces' webhooks, in a plugin of their own so the JSON body reaches the handler as the
 * exact text received: signatures are over the raw bytes, never over a re-serialisation.
 */
function webhookRoutes(app: ZodApp, services: AppServices): void {
  const gateway = gatewayOf(services);
  void (app as unknown as FastifyInstance).register((scope, _options, registered) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    for (const op of [shopOperations.tiktokWebhook, shopOperations.temuWebhook]) {
      const platform: Marketplace = op === shopOperations.tiktokWebhook ? 'tiktok' : 'temu';
      scope.route({
        method: op.method,
        url: op.path,
        config: { audience: op.audience, permission: op.permission },
        schema: {
          tags: [op.tag],
          operationId: op.id,
          summary: op.summary,
          response: { 200: envelope(shopWebhookReplySchema) },
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const rawBody = typeof request.body === 'string' ? request.body : '';
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
          );
          const outcome = await receiveWebhook(
            services,
            gateway,
            platform,
            { headers, rawBody },
            request.log,
          );
          const lang = request.ctx.lang;
          if (outcome === 'refused')
            return reply.code(401).send(failure(401, t(lang, 'shops.webhookRefused')));
          if (outcome === 'unknown-marketplace')
            return reply.code(404).send(failure(404, t(lang, 'shops.marketplaceUnavailable', { platform })));
          return ok({ accepted: true });
        },
      });
    }
    registered();
  });
}
