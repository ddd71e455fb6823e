import type { SettlementPreview } from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import type { SettlementSubmitInput } from './api.ts';

/** The cart lines a settlement is for: `?lines=a,b` (spec §4: at least one). */
export function parseLineIds(query: string | null): string[] {
  return [
    ...new Set(
      (query ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/** What the settlement form adds to the preview (spec §3: remark, third-party order, platform, shop). */
export interface SettlementExtras {
  remark?: string;
  third_party_order_no?: string;
  platform?: SettlementSubmitInput['platform'];
  shop_name?: string;
}

/**
 * The submit of a preview: the prices and logistics fees the user was shown, so a change in
 * between is refused instead of charged. Null while an address has no logistics method.
 */
export function submitOf(
  preview: SettlementPreview,
  extras: SettlementExtras,
  pay: 'balance' | 'later',
  idempotencyKey: string,
): SettlementSubmitInput | null {
  const addresses = [];
  for (const order of preview.orders) {
    if (!order.shipping) return null;
    addresses.push({
      address_id: order.address.id,
      shipping_method_id: order.shipping.method_id,
      shipping_fee: order.shipping.fee,
    });
  }
  if (addresses.length === 0 || preview.lines.length === 0) return null;
  return {
    lines: preview.lines.map((l) => ({ cart_line_id: l.cart_line_id, unit_price: l.unit_price })),
    addresses,
    remark: extras.remark?.trim() ?? '',
    third_party_order_no: extras.third_party_order_no?.trim() ?? '',
    platform: extras.platform ?? null,
    shop_name: extras.shop_name?.trim() ?? '',
    pay,
    idempotency_key: idempotencyKey,
  };
}

/**
 * Why a submit was refused because something changed since the preview (409): prices (with the
 * lines' new prices) or an address's logistics. Null for any other failure.
 */
export function changeOf(
  error: Pick<ApiError, 'httpStatus' | 'data'>,
): { kind: 'price'; lineIds: string[] } | { kind: 'logistics'; addressId: string | null } | null {
  if (error.httpStatus !== 409) return null;
  const data = error.data as { lines?: unknown; address_id?: unknown } | null;
  if (Array.isArray(data?.lines))
    return {
      kind: 'price',
      lineIds: data.lines.flatMap((l: unknown) => {
        const id = (l as { cart_line_id?: unknown } | null)?.cart_line_id;
        return typeof id === 'string' ? [id] : [];
      }),
    };
  if (data && 'address_id' in data)
    return { kind: 'logistics', addressId: typeof data.address_id === 'string' ? data.address_id : null };
  return null;
}

/** How much the balance of the order's currency falls short of the total (0 when it is enough). */
export function balanceShortfall(
  preview: Pick<SettlementPreview, 'currency' | 'total_amount' | 'balances'>,
): number {
  const balance = preview.balances.find((b) => b.currency === preview.currency)?.balance ?? 0;
  return Math.max(0, preview.total_amount - balance);
}
