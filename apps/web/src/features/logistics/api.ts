import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { shippingMethodSchema, shippingOptionsReplySchema, shippingRateSchema } from '@pod/shared';
import { api } from '../../api/client.ts';
import type { CrudResource } from '../crud/api.ts';

/** A payload typed by its shared contract (CONVENTIONS 3: one contract, one source). */
type Shape<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;
export type ShippingMethodRow = Shape<typeof shippingMethodSchema>;
export type ShippingRateRow = Shape<typeof shippingRateSchema>;
export type ShippingOptionsReply = Shape<typeof shippingOptionsReplySchema>;

/** The logistics resources of the CRUD kit. */
export const LOGISTICS_RESOURCES = {
  factory: { name: 'factory', prefix: '/api/v1/admin/factory' },
  shippingMethod: { name: 'shippingMethod', prefix: '/api/v1/admin/shippingMethod' },
  shippingRate: { name: 'shippingRate', prefix: '/api/v1/admin/shippingRate' },
} as const satisfies Record<string, CrudResource>;

/** What the settlement asks logistics for: where to, how heavy, and from which product's factory. */
export interface ShippingOptionsQuery {
  /** ISO country code of the consignee address. */
  country: string | null | undefined;
  /** Parcel weight in grams. */
  weight: number | null | undefined;
  /** The product's factory; the server falls back to the supplier's main factory. */
  factoryId?: string | null;
}

/** Query keys of logistics (CONVENTIONS 14). */
export const logisticsKeys = {
  all: ['logistics'] as const,
  options: (query: ShippingOptionsQuery) =>
    [...logisticsKeys.all, 'options', query.country ?? '', query.weight ?? 0, query.factoryId ?? ''] as const,
};

/**
 * The methods a parcel may take with their fees (issue 10 settlement). Runs only with a country and
 * a weight: without them the settlement shows `logistics.incomplete` itself. An empty `options`
 * means `logistics.noneAvailable`.
 */
export function useShippingOptions(query: ShippingOptionsQuery) {
  const isComplete = Boolean(query.country) && typeof query.weight === 'number' && query.weight > 0;
  return useQuery({
    queryKey: logisticsKeys.options(query),
    queryFn: ({ signal }) =>
      api.get<ShippingOptionsReply>('/api/v1/admin/logistics/options', {
        query: { country: query.country, weight: query.weight, factory_id: query.factoryId },
        signal,
      }),
    enabled: isComplete,
    placeholderData: keepPreviousData,
  });
}
