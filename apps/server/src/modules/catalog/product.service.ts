import { randomUUID } from 'node:crypto';
import { and, eq, ne, count, sql } from 'drizzle-orm';
import { productIssues, type CatalogIssue, type ProductInput } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
import {
  catalogProducts,
  type StoredFactoryAddress,
  type StoredImage,
  type StoredPriceTier,
  type StoredSku,
  type StoredSurface,
} from './schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { formatCode, nextNumber } from './codes.repo.ts';
import { resolveImages, syncImageRefs, type ImageOwner } from './images.ts';
import { missingRef, refuse } from './issues.ts';
import {
  categoriesByIds,
  colorsByIds,
  factoriesByIds,
  merchantLevelsByIds,
  merchantsByIds,
  sizesByIds,
  sizeTemplatesByIds,
  spusByIds,
} from './lookups.repo.ts';

export type ProductRow = typeof catalogProducts.$inferSelect;
export type ProductValues = Omit<typeof catalogProducts.$inferInsert, 'tenantId'>;

/** The tenant's catalogue products among the ids, whatever their state now (one query). */
export async function productsByIds(
  tx: Executor,
  tenantId: string,
  ids: Iterable<string>,
): Promise<ProductRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  // Prepared once per handle (decision 0084): the ids are one array parameter.
  return preparedQuery(tx, 'catalog_products_by_ids', (t) =>
    t
      .select()
      .from(catalogProducts)
      .where(
        and(
          eq(catalogProducts.tenantId, sql.placeholder('tenant')),
          anyOfPlaceholder(catalogProducts.id, 'ids'),
        ),
      ),
  ).execute({ tenant: tenantId, ids: unique });
}

/** A stored product in the shape of the create schema, so a PATCH can be merged onto it. */
export function rowToInput(row: ProductRow): ProductInput {
  return {
    category_id: row.categoryId,
    spu_id: row.spuId,
    product_type: row.productType,
    name: row.name,
    en_name: row.enName,
    style_code: row.styleCode,
    material: row.material,
    process: row.process,
    weight: row.weight,
    factory_id: row.factoryId,
    introduction: row.introduction,
    season: row.season,
    wash_care: row.washCare,
    base_price: row.basePrice,
    design_price: row.designPrice,
    currency: row.currency as ProductInput['currency'],
    expire_at: row.expireAt?.toISOString() ?? null,
    image_requirements: row.imageRequirements,
    status: row.status,
    sort: row.sort,
    size_template_id: row.sizeTemplateId,
    gallery: row.gallery.map((g) => g.id),
    color_ids: row.colorIds,
    size_ids: row.sizeIds,
    skus: row.skus.map((s) => ({
      color_id: s.color_id,
      size_id: s.size_id,
      sku_code: s.sku_code,
      stock_state: s.stock_state,
    })),
    surfaces: row.surfaces.map((s) => ({
      ...s,
      blend: s.blend ?? 'multiply',
      mockups: s.mockups.map((m) => ({ color_id: m.color_id, image: m.image.id })),
      mask: s.mask?.id ?? null,
    })),
    price_tiers: row.priceTiers.map((t) => ({ ...t })),
    factory_addresses: row.factoryAddresses.map((a) => ({ ...a })),
  };
}

/**
 * The input with a PATCH's defined fields laid over it. Variants and mockups the PATCH did not
 * send follow its colours and sizes, so dropping a colour does not leave its mockups behind.
 */
export function mergeInput(base: ProductInput, patch: Partial<ProductInput>): ProductInput {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) out[key] = value;
  const merged = out as ProductInput;
  const colours = new Set(merged.color_ids);
  const sizes = new Set(merged.size_ids);
  if (patch.skus === undefined)
    merged.skus = merged.skus.filter((s) => colours.has(s.color_id) && sizes.has(s.size_id));
  if (patch.surfaces === undefined)
    merged.surfaces = merged.surfaces.map((s) => ({
      ...s,
      mockups: s.mockups.filter((m) => colours.has(m.color_id)),
    }));
  return merged;
}

async function checkReferences(tx: Executor, owner: ImageOwner, input: ProductInput): Promise<void> {
  const t = owner.tenantId;
  const exists = async (rows: Promise<unknown[]>, expected = 1) => (await rows).length === expected;
  if (!(await exists(categoriesByIds(tx, t, [input.category_id])))) missingRef('category_id');
  if (input.spu_id && !(await exists(spusByIds(tx, t, [input.spu_id])))) missingRef('spu_id');
  if (input.factory_id && !(await exists(factoriesByIds(tx, t, [input.factory_id]))))
    missingRef('factory_id');
  if (input.size_template_id && !(await exists(sizeTemplatesByIds(tx, t, [input.size_template_id]))))
    missingRef('size_template_id');
  if (!(await exists(colorsByIds(tx, t, input.color_ids), input.color_ids.length))) missingRef('color_ids');
  if (!(await exists(sizesByIds(tx, t, input.size_ids), input.size_ids.length))) missingRef('size_ids');
  const levelIds = new Set(input.price_tiers.filter((p) => p.kind === 'level').map((p) => p.level_id));
  if (!(await exists(merchantLevelsByIds(tx, t, levelIds), levelIds.size))) missingRef('price_tiers');
  const merchantIds = new Set(
    input.price_tiers.filter((p) => p.kind === 'exclusive').map((p) => p.merchant_id),
  );
  if (!(await exists(merchantsByIds(tx, t, merchantIds), merchantIds.size))) missingRef('price_tiers');
}

async function styleCodeFor(tx: Executor, tenantId: string, input: ProductInput, existing?: ProductRow) {
  const taken = async (code: string) => {
    const [row] = await tx
      .select({ n: count() })
      .from(catalogProducts)
      .where(
        and(
          eq(catalogProducts.tenantId, tenantId),
          eq(catalogProducts.styleCode, code),
          ...(existing ? [ne(catalogProducts.id, existing.id)] : []),
        ),
      );
    return (row?.n ?? 0) > 0;
  };
  if (input.style_code) {
    if (input.style_code !== existing?.styleCode && (await taken(input.style_code)))
      throw AppError.conflict('catalog.styleCodeTaken', {}, { field: 'style_code' });
    return input.style_code;
  }
  if (existing) return existing.styleCode;
  // Generated codes skip over any a supplier typed in by hand.
  for (;;) {
    const code = formatCode('P', await nextNumber(tx, tenantId, 'product'));
    if (!(await taken(code))) return code;
  }
}

/** Colour × size, in the product's order; each variant keeps its id and code across edits. */
function buildSkus(input: ProductInput, styleCode: string, existing?: ProductRow): StoredSku[] {
  const given = new Map(input.skus.map((s) => [`${s.color_id}|${s.size_id}`, s]));
  const before = new Map((existing?.skus ?? []).map((s) => [`${s.color_id}|${s.size_id}`, s]));
  const pad = (n: number) => String(n + 1).padStart(2, '0');
  const skus = input.color_ids.flatMap((colorId, ci) =>
    input.size_ids.map<StoredSku>((sizeId, si) => {
      const key = `${colorId}|${sizeId}`;
      const old = before.get(key);
      const wanted = given.get(key);
      return {
        id: old?.id ?? randomUUID(),
        color_id: colorId,
        size_id: sizeId,
        sku_code: wanted?.sku_code || old?.sku_code || `${styleCode}-${pad(ci)}${pad(si)}`,
        stock_state: wanted?.stock_state ?? old?.stock_state ?? 'in_stock',
      };
    }),
  );
  const codes = new Set<string>();
  refuse(
    skus.flatMap<CatalogIssue>((s, i) => {
      const dupe = codes.has(s.sku_code);
      codes.add(s.sku_code);
      return dupe ? [{ path: ['skus', i, 'sku_code'], rule: 'catalogDuplicate' }] : [];
    }),
  );
  return skus;
}

/** Keeps an id the product already had (designs point at surfaces by id), else makes one. */
const keepId = (id: string | undefined, known: Iterable<{ id: string }>) =>
  id && [...known].some((k) => k.id === id) ? id : randomUUID();

/**
 * Checks a whole product and turns it into row values: cross-field rules (shared
 * `productIssues`), the tenant's references, images (uploads of the owner; mockups and masks of
 * the surface's template size), the style code, the SKU matrix and ids of owned values.
 */
export async function prepareProduct(
  tx: Executor,
  owner: ImageOwner,
  input: ProductInput,
  existing?: ProductRow,
): Promise<ProductValues> {
  refuse(productIssues(input));
  // A merchant's own template has no merchants or levels to price for.
  const tierIssue = owner.merchantId ? input.price_tiers.findIndex((p) => p.kind !== 'wholesale') : -1;
  if (tierIssue >= 0)
    throw new AppError(400, 'catalog.templateTiers', {}, { field: `price_tiers.${tierIssue}.kind` });
  await checkReferences(tx, owner, input);

  const rasterIds = input.surfaces.flatMap((s) => [
    ...s.mockups.map((m) => m.image),
    ...(s.mask ? [s.mask] : []),
  ]);
  const images = await resolveImages(tx, owner, [...input.gallery, ...rasterIds], { raster: rasterIds });
  const image = (id: string): StoredImage => images.get(id)!;
  const sizeIssues: CatalogIssue[] = [];
  input.surfaces.forEach((s, i) => {
    const fits = (id: string) =>
      image(id).width === s.template.width && image(id).height === s.template.height;
    s.mockups.forEach((m, j) => {
      if (!fits(m.image))
        sizeIssues.push({ path: ['surfaces', i, 'mockups', j, 'image'], rule: 'mockupSize' });
    });
    if (s.mask && !fits(s.mask)) sizeIssues.push({ path: ['surfaces', i, 'mask'], rule: 'mockupSize' });
  });
  const firstBad = sizeIssues[0] ? input.surfaces[Number(sizeIssues[0].path[1])] : undefined;
  refuse(sizeIssues, { width: firstBad?.template.width ?? 0, height: firstBad?.template.height ?? 0 });

  const styleCode = await styleCodeFor(tx, owner.tenantId, input, existing);
  const surfaces = input.surfaces.map<StoredSurface>((s) => ({
    id: keepId(s.id, existing?.surfaces ?? []),
    key: s.key,
    name: s.name,
    en_name: s.en_name,
    kind: s.kind,
    blend: s.blend,
    sort: s.sort,
    template: s.template,
    print_area: s.print_area,
    safe_area: s.safe_area,
    bleed: s.bleed,
    print_file: s.print_file,
    min_dpi: s.min_dpi,
    print_price: s.print_price,
    mockups: s.mockups.map((m) => ({ color_id: m.color_id, image: image(m.image) })),
    mask: s.mask ? image(s.mask) : null,
  }));
  const tiers = input.price_tiers.map<StoredPriceTier>((p) => ({
    id: keepId(p.id, existing?.priceTiers ?? []),
    kind: p.kind,
    min_qty: p.min_qty,
    price: p.price,
    level_id: p.kind === 'level' ? p.level_id : null,
    merchant_id: p.kind === 'exclusive' ? p.merchant_id : null,
  }));
  const addresses = input.factory_addresses.map<StoredFactoryAddress>((a) => ({
    ...a,
    id: keepId(a.id, existing?.factoryAddresses ?? []),
  }));

  return {
    merchantId: owner.merchantId,
    categoryId: input.category_id,
    spuId: input.spu_id,
    productType: input.product_type,
    name: input.name,
    enName: input.en_name,
    styleCode,
    material: input.material,
    process: input.process,
    weight: input.weight,
    factoryId: input.factory_id,
    introduction: input.introduction,
    season: input.season,
    washCare: input.wash_care,
    basePrice: input.base_price,
    designPrice: input.design_price,
    currency: input.currency,
    expireAt: input.expire_at ? new Date(input.expire_at) : null,
    imageRequirements: input.image_requirements,
    status: input.status,
    sort: input.sort,
    sizeTemplateId: input.size_template_id,
    gallery: input.gallery.map(image),
    colorIds: input.color_ids,
    sizeIds: input.size_ids,
    skus: buildSkus(input, styleCode, existing),
    surfaces,
    priceTiers: tiers,
    factoryAddresses: addresses,
  };
}

/** Every image a product shows, for its attachment references. */
export const imagesOfProduct = (row: Pick<ProductRow, 'gallery' | 'surfaces'>): StoredImage[] => [
  ...row.gallery,
  ...row.surfaces.flatMap((s) => [...s.mockups.map((m) => m.image), ...(s.mask ? [s.mask] : [])]),
];

/** A supplier's product as the demo seed and tests make it, through the same rules as the API. */
export async function insertProduct(
  tx: Executor,
  owner: ImageOwner,
  input: ProductInput,
): Promise<ProductRow> {
  const values = await prepareProduct(tx, owner, input);
  const [row] = await tx
    .insert(catalogProducts)
    .values({ ...values, tenantId: owner.tenantId })
    .returning();
  if (!row) throw new Error('product insert returned nothing');
  await syncImageRefs(tx, owner.tenantId, row.id, imagesOfProduct(row));
  return row;
}
