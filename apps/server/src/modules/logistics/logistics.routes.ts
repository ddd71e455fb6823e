import { z } from 'zod';
import { areaOptionSchema, areaQuerySchema, envelope } from '@pod/shared';
import { registerCrud } from '../../platform/crud/crud.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { adminContext, registerActingFactories } from '../access/index.ts';
import { chinaAreaOptions, countryOptions } from './area.service.ts';
import { factoriesActingFor, factoryResource } from './factory.resource.ts';
import { senderAddressResource } from './sender-address.resource.ts';
import { shippingRoutes } from './shipping.routes.ts';

export function logisticsRoutes(app: ZodApp, services: AppServices): void {
  registerActingFactories(factoriesActingFor);
  registerCrud(app, services.crud, adminContext, factoryResource);
  registerCrud(app, services.crud, adminContext, senderAddressResource);
  shippingRoutes(app, services);

  app.get(
    '/api/v1/ajax/area',
    {
      config: { audience: 'public', permission: null },
      schema: {
        tags: ['logistics'],
        operationId: 'areaOptions',
        summary: 'Countries, or China’s provinces → cities → districts (bundled data)',
        querystring: areaQuerySchema,
        response: { 200: envelope(z.array(areaOptionSchema)) },
      },
    },
    (request) => {
      const { type, province, city } = request.query;
      return Promise.resolve(
        ok(type === 'country' ? countryOptions(request.ctx.lang) : chinaAreaOptions(province, city)),
      );
    },
  );
}
