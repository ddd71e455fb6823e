import { logisticsOperations } from '@pod/shared';
import { route } from '../../platform/http/route.ts';
import { registerCrud } from '../../platform/crud/crud.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { chinaAreaOptions, countryOptions } from './area.service.ts';
import { factoryResource } from './factory.resource.ts';
import { senderAddressResource } from './sender-address.resource.ts';
import { shippingRoutes } from './shipping.routes.ts';

export function logisticsRoutes(app: ZodApp, services: AppServices): void {
  registerCrud(app, services.crud, adminContext, factoryResource);
  registerCrud(app, services.crud, adminContext, senderAddressResource);
  shippingRoutes(app, services);

  // One handler at the three addresses of the area call (spec §7 lists /admin/ajax/area and
  // /api/ajax/area; /api/v1/ajax/area is the versioned one the web uses).
  for (const op of [
    logisticsOperations.areaOptions,
    logisticsOperations.adminAreaOptions,
    logisticsOperations.memberAreaOptions,
  ]) {
    route(app, op, (request) => {
      const { type, province, city } = request.query;
      return Promise.resolve(
        ok(type === 'country' ? countryOptions(request.ctx.lang) : chinaAreaOptions(province, city)),
      );
    });
  }
}
