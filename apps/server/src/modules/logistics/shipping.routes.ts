import { logisticsOperations } from '@pod/shared';
import { registerCrud } from '../../platform/crud/crud.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { shippingMethodResource } from './shipping-method.resource.ts';
import { shippingRateResource } from './shipping-rate.resource.ts';
import { shipFromFactory, shippingOptions } from './shipping.service.ts';

/** Logistics methods and rates (issue 10): the supplier's CRUD and the merchant's options. */
export function shippingRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  registerCrud(app, services.crud, adminContext, shippingMethodResource);
  registerCrud(app, services.crud, adminContext, shippingRateResource);

  route(app, logisticsOperations.logisticsOptions, async (request) => {
    const tenantId = request.ctx.actor?.tenantId;
    if (!tenantId) throw AppError.forbidden();
    const q = request.query;
    const factoryId = await shipFromFactory(db, tenantId, q.factory_id ?? null);
    const options = await shippingOptions(db, tenantId, {
      factoryId,
      country: q.country,
      weightGrams: q.weight,
    });
    return ok({ factory_id: factoryId, options });
  });
}
