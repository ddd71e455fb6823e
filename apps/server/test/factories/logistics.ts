import type { z } from 'zod';
import type { shippingMethodCreateSchema, shippingRateCreateSchema } from '@pod/shared';
import type { Executor } from '../../src/db/client.ts';
import { createShippingMethod, createShippingRate } from '../../src/modules/logistics/index.ts';
import { unique } from './index.ts';

/** A logistics method of the tenant through the service; a unique code, to the US by default. */
export async function buildShippingMethod(
  tx: Executor,
  tenantId: string,
  overrides: Partial<z.input<typeof shippingMethodCreateSchema>> = {},
) {
  return createShippingMethod(
    { tenantId, tx },
    {
      carrier: 'YunExpress',
      name: unique('Standard'),
      code: unique('M'),
      destination_countries: ['US'],
      delivery_days_min: 7,
      delivery_days_max: 15,
      ...overrides,
    },
  );
}

/** A rate of a method from a factory: 100 g for 12.00, then 3.50 per started 50 g, by default. */
export async function buildShippingRate(
  tx: Executor,
  tenantId: string,
  link: { methodId: string; factoryId: string },
  overrides: Partial<Omit<z.input<typeof shippingRateCreateSchema>, 'method_id' | 'factory_id'>> = {},
) {
  return createShippingRate(
    { tenantId, tx },
    {
      method_id: link.methodId,
      factory_id: link.factoryId,
      first_weight_g: 100,
      first_price: 1200,
      additional_weight_g: 50,
      additional_price: 350,
      ...overrides,
    },
  );
}
