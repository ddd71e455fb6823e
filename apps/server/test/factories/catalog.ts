import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { productCreateSchema, type ProductInput } from '@pod/shared';
import type { Db } from '../../src/db/client.ts';
import { policyFor, storeUpload } from '../../src/modules/admin/index.ts';
import { createCategory, createColor, createSize, insertProduct } from '../../src/modules/catalog/index.ts';
import type { FileStorage } from '../../src/platform/storage/storage.ts';
import { unique } from './index.ts';

export interface ImageDeps {
  db: Db;
  storage: FileStorage;
}

/** A PNG made in code, stored through the upload pipeline as an attachment of the owner. */
export async function buildImage(
  deps: ImageDeps,
  owner: { tenantId: string; merchantId?: string | null; uploaderId?: string },
  options: { width?: number; height?: number; hex?: string; png?: Buffer; name?: string } = {},
) {
  const png =
    options.png ??
    (await sharp({
      create: {
        width: options.width ?? 200,
        height: options.height ?? 200,
        channels: 3,
        background: options.hex ?? '#cccccc',
      },
    })
      .png()
      .toBuffer());
  const dir = await mkdtemp(join(tmpdir(), 'pod-img-'));
  const path = join(dir, 'image.png');
  try {
    await writeFile(path, png);
    return await storeUpload(
      deps,
      {
        tenantId: owner.tenantId,
        merchantId: owner.merchantId ?? null,
        uploaderKind: 'admin',
        uploaderId: owner.uploaderId ?? randomUUID(),
      },
      { name: options.name ?? `${unique('img')}.png`, path, suffix: 'png' },
      'image',
      policyFor('image', {}),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A category, two colours and two sizes of a tenant: what every product needs. */
export async function buildCatalogBasics(db: Db, tenantId: string) {
  const category = await createCategory(db, tenantId, { category_name: unique('Category') });
  const white = await createColor(db, tenantId, { name: unique('White'), hex: '#f5f5f5' });
  const black = await createColor(db, tenantId, { name: unique('Black'), hex: '#1f1f1f' });
  const small = await createSize(db, tenantId, { name: 'S' });
  const medium = await createSize(db, tenantId, { name: 'M' });
  return { category, colors: [white, black], sizes: [small, medium] };
}

/** A surface of a 200 × 200 template: print area 100 × 120 at (50, 40), 1000 × 1200 px at 300 DPI. */
export function surfaceInput(
  key: string,
  mockups: Array<{ color_id: string; image: string }> = [],
  overrides: Record<string, unknown> = {},
) {
  return {
    key,
    name: key,
    template: { width: 200, height: 200 },
    print_area: { x: 50, y: 40, width: 100, height: 120 },
    safe_area: { x: 55, y: 45, width: 90, height: 110 },
    print_file: { width: 1000, height: 1200, dpi: 300 },
    mockups,
    ...overrides,
  };
}

/**
 * A product of the supplier's catalogue, through the same rules as the API. `onSale` adds what a
 * product on sale needs: a gallery image and a mockup of every colour on every surface.
 */
export async function buildProduct(
  deps: ImageDeps,
  tenantId: string,
  overrides: Partial<ProductInput> & { onSale?: boolean; surfaceKeys?: string[] } = {},
) {
  const { onSale, surfaceKeys, ...given } = overrides;
  const basics =
    given.category_id && given.color_ids && given.size_ids
      ? null
      : await buildCatalogBasics(deps.db, tenantId);
  const colorIds = given.color_ids ?? basics!.colors.map((c) => c.id);
  const keys = surfaceKeys ?? ['front', 'back'];
  const mockups = onSale
    ? await Promise.all(
        colorIds.map(async (colorId) => ({
          color_id: colorId,
          image: (await buildImage(deps, { tenantId })).id,
        })),
      )
    : [];
  const gallery = onSale ? [(await buildImage(deps, { tenantId }, { width: 300, height: 400 })).id] : [];
  const input = productCreateSchema.parse({
    category_id: basics?.category.id,
    name: unique('Product'),
    base_price: 5000,
    design_price: 1000,
    color_ids: colorIds,
    size_ids: basics?.sizes.map((s) => s.id),
    surfaces: keys.map((key) => surfaceInput(key, mockups)),
    gallery,
    status: onSale ? 'on_sale' : 'off_sale',
    ...given,
  });
  const product = await insertProduct(deps.db, { tenantId, merchantId: null }, input);
  return { product, basics };
}
