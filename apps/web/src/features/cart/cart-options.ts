import type { CatalogProduct, Language } from '@pod/shared';
import { catalogName } from '../../i18n/catalog-name.ts';

/**
 * The colours and sizes a finished product can be ordered in (spec §5: "Add to cart needs colour
 * and size of a stock item"), the same shape as a cart line's `options`: each size lists the
 * colours it is in stock in.
 */
export interface CartChoices {
  colors: { id: string; name: string; hex?: string }[];
  sizes: { id: string; name: string; color_ids: string[] }[];
}

/**
 * The in-stock SKUs of the finished product's colours (and, when it was saved with chosen sizes,
 * those sizes) on its product, as the server checks them when the line is added.
 */
export function choicesFor(
  finished: { colors: readonly { id: string }[]; size_ids: readonly string[] },
  product: Pick<CatalogProduct, 'colors' | 'sizes' | 'skus'>,
  language: Language,
): CartChoices {
  const colourIds = new Set(finished.colors.map((c) => c.id));
  const sizeIds = new Set(finished.size_ids);
  const skus = product.skus.filter(
    (s) =>
      s.stock_state !== 'out_of_stock' &&
      colourIds.has(s.color_id) &&
      (sizeIds.size === 0 || sizeIds.has(s.size_id)),
  );
  const colors = product.colors
    .filter((c) => skus.some((s) => s.color_id === c.id))
    .map((c) => ({ id: c.id, name: catalogName(c, language), hex: c.hex }));
  const sizes = product.sizes
    .map((size) => ({
      id: size.id,
      name: catalogName(size, language),
      color_ids: skus.filter((s) => s.size_id === size.id).map((s) => s.color_id),
    }))
    .filter((size) => size.color_ids.length > 0);
  return { colors, sizes };
}

/** The sizes in stock in a colour. */
export function sizesOf(choices: CartChoices, colorId: string | undefined): CartChoices['sizes'] {
  return colorId ? choices.sizes.filter((s) => s.color_ids.includes(colorId)) : [];
}

/**
 * The size to keep when the colour changes: the current one when the new colour has it, else the
 * new colour's first size (undefined when it has none).
 */
export function sizeAfterColour(
  choices: CartChoices,
  colorId: string,
  sizeId: string | undefined,
): string | undefined {
  const sizes = sizesOf(choices, colorId);
  return sizes.find((s) => s.id === sizeId)?.id ?? sizes[0]?.id;
}

/** A cart line as the selection summary reads it. */
export interface SummaryLine {
  id: string;
  quantity: number;
  currency: string;
  subtotal: number;
  current_unit_price: number | null;
  state: string;
}

/** What the selected lines come to: count, pieces and the amount per currency at today's prices. */
export function selectionSummary(lines: readonly SummaryLine[], selected: readonly string[]) {
  const chosen = lines.filter((l) => selected.includes(l.id));
  const totals = new Map<string, number>();
  for (const line of chosen) {
    const amount = line.current_unit_price === null ? line.subtotal : line.current_unit_price * line.quantity;
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + amount);
  }
  return {
    count: chosen.length,
    quantity: chosen.reduce((sum, l) => sum + l.quantity, 0),
    amounts: [...totals].map(([currency, amount]) => ({ currency, amount })),
    hasPriceChange: chosen.some((l) => l.state === 'price_changed'),
  };
}

/** Lines that cannot be ordered now (no stock, or the product is gone) cannot be selected to settle. */
export function isSettleable(line: { state: string }): boolean {
  return line.state === 'ok' || line.state === 'price_changed';
}
