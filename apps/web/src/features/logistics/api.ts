import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { logisticsOperations, type OpData, type ShippingMethod, type ShippingRate } from '@pod/shared';
import { call } from '../../api/call.ts';

export type ShippingMethodRow = ShippingMethod;
export type ShippingRateRow = ShippingRate;
export type ShippingOptionsReply = OpData<typeof logisticsOperations.logisticsOptions>;

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
      call(logisticsOperations.logisticsOptions, {
        query: {
          country: query.country ?? '',
          weight: query.weight,
          factory_id: query.factoryId ?? undefined,
        },
        signal,
      }),
    enabled: isComplete,
    placeholderData: keepPreviousData,
  });
}
