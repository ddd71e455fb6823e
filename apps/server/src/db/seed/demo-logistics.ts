import type { AppServices } from '../../services.ts';
import { createShippingMethod, createShippingRate } from '../../modules/logistics/index.ts';

interface Demo {
  tenant: { id: string };
  factory: { factory: { id: string } };
}

/*
 * The demo supplier's logistics (issue 10): cross-border small-parcel lines, an express line in
 * USD and a domestic courier, each with a rate from the demo factory. Prices are in minor units.
 */
const METHODS = [
  {
    method: {
      carrier: '云途 YunExpress',
      name: '全球标准小包 Global Standard',
      code: 'YUN-STD',
      destination_countries: ['US', 'GB', 'DE', 'FR', 'CA', 'AU'],
      delivery_days_min: 7,
      delivery_days_max: 15,
      sort: 30,
    },
    // 100 g ¥18.00, then ¥4.00 per started 100 g, up to 2 kg.
    rate: {
      first_weight_g: 100,
      first_price: 18_00,
      additional_weight_g: 100,
      additional_price: 4_00,
      max_weight_g: 2000,
    },
  },
  {
    method: {
      carrier: '递四方 4PX',
      name: '联邮通美国专线 US Line',
      code: '4PX-US',
      destination_countries: ['US'],
      delivery_days_min: 8,
      delivery_days_max: 12,
      sort: 20,
    },
    // 50 g ¥15.00, then ¥2.50 per started 50 g, up to 3 kg.
    rate: {
      first_weight_g: 50,
      first_price: 15_00,
      additional_weight_g: 50,
      additional_price: 2_50,
      max_weight_g: 3000,
    },
  },
  {
    method: {
      carrier: 'DHL',
      name: '国际快递 Express Worldwide',
      code: 'DHL-EXP',
      destination_countries: ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'JP'],
      delivery_days_min: 3,
      delivery_days_max: 5,
      sort: 10,
    },
    // 500 g $25.00, then $5.00 per started 500 g.
    rate: {
      first_weight_g: 500,
      first_price: 25_00,
      additional_weight_g: 500,
      additional_price: 5_00,
      currency: 'USD' as const,
    },
  },
  {
    method: {
      carrier: '顺丰 SF Express',
      name: '顺丰标快 Standard Express',
      code: 'SF-STD',
      destination_countries: ['CN'],
      delivery_days_min: 1,
      delivery_days_max: 3,
      sort: 40,
    },
    // 1 kg ¥12.00, then ¥2.00 per started kg.
    rate: {
      first_weight_g: 1000,
      first_price: 12_00,
      additional_weight_g: 1000,
      additional_price: 2_00,
    },
  },
];

/** Seeds the demo supplier's logistics methods with rates from the demo factory; returns their ids by code. */
export async function seedDemoLogistics(services: AppServices, demo: Demo): Promise<Record<string, string>> {
  return services.database.db.transaction(async (tx) => {
    const scope = { tenantId: demo.tenant.id, tx };
    const ids: Record<string, string> = {};
    for (const { method, rate } of METHODS) {
      const row = await createShippingMethod(scope, method);
      await createShippingRate(scope, { method_id: row.id, factory_id: demo.factory.factory.id, ...rate });
      ids[row.code] = row.id;
    }
    return ids;
  });
}
