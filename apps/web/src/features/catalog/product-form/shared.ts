import type { ImageRef, Product } from '@pod/shared';
import { knownImages } from '../catalog-fields.tsx';
import type { ProductValues } from '../product-values.ts';

export type ProductFlavour = 'supplier' | 'merchant';
export type Values = Partial<ProductValues>;
/** What the form knows about an image by attachment id: where to show it and its size. */
export type ImageInfo = Record<
  string,
  { url: string; thumb_url: string | null; width: number | null; height: number | null }
>;

export const SECTIONS = ['basic', 'variants', 'surfaces', 'prices', 'factories'] as const;
export type Section = (typeof SECTIONS)[number];
/** Which tab shows an issue of a path (productIssues paths start with the field's name). */
export const SECTION_OF: Record<string, Section> = {
  gallery: 'basic',
  skus: 'variants',
  color_ids: 'variants',
  size_ids: 'variants',
  surfaces: 'surfaces',
  price_tiers: 'prices',
  factory_addresses: 'factories',
};

/** The images a product row shows, by attachment id. */
export function imagesOf(row: Product | null): ImageInfo {
  const info: ImageInfo = {};
  const add = (image: ImageRef | null) => {
    if (image) info[image.id] = image;
  };
  row?.gallery.forEach(add);
  row?.surfaces.forEach((s) => {
    s.mockups.forEach((m) => add(m.image));
    add(s.mask);
  });
  return info;
}

/** The upload field's known attachment for an image id the form has seen. */
export function knownOf(images: ImageInfo, id: string | null | undefined) {
  const image = id ? images[id] : undefined;
  return id && image ? knownImages([{ id, ...image }]) : [];
}
