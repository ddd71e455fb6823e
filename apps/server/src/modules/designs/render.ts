import sharp, { type Sharp } from 'sharp';
import {
  collectAssetRefs,
  renderSurfaceSvg,
  type AssetRef,
  type DesignDocument,
  type SurfaceSpec,
} from '@pod/design';
import { DESIGN_DEFAULT_FONT } from '@pod/shared';
import type { FileStorage } from '../../platform/storage/storage.ts';

/**
 * The server's renderer (issue 8, decision 0019): the SAME document the editor saved →
 * `renderSurfaceSvg` (packages/design) → sharp/librsvg with the bundled fonts. Print files are
 * PNG with transparency at the surface's print size, with the print DPI in the PNG's pHYs chunk.
 * Mockups put the print into the template's print-area rectangle over the colour's mockup image,
 * multiplied for fabric (the surface's `blend`), and every mockup gets a WebP thumbnail.
 */

export const FALLBACK_FONTS = [DESIGN_DEFAULT_FONT, 'sans-serif'] as const;
export const THUMB_SIZE = 400;

const MIME_OF: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};
/** The MIME type of a stored image from its MIME or suffix, if the renderer may embed it. */
export function embeddableMime(mimeOrSuffix: string): string | null {
  const value = mimeOrSuffix.toLowerCase();
  if (value.startsWith('image/')) return Object.values(MIME_OF).includes(value) ? value : null;
  return MIME_OF[value] ?? null;
}

export async function readStored(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  if (!stream) throw new Error(`stored file missing: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Asset key → data URI; librsvg loads nothing but embedded data (decision 0018). */
export type AssetMap = Map<string, string>;
export const assetKey = (ref: AssetRef) => `${ref.kind}:${ref.id}`;
export const dataUri = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** The refs a set of documents needs rendered (shown layers of every surface). */
export function neededAssets(docs: readonly DesignDocument[]): AssetRef[] {
  const refs = new Map<string, AssetRef>();
  for (const doc of docs)
    for (const code of Object.keys(doc.surfaces))
      for (const ref of collectAssetRefs(doc, code)) refs.set(assetKey(ref), ref);
  return [...refs.values()];
}

/** The SVG of one surface with every asset embedded. */
export function surfaceSvg(doc: DesignDocument, spec: SurfaceSpec, assets: AssetMap, pixelRatio = 1): string {
  return renderSurfaceSvg(
    doc,
    spec.code,
    spec,
    (ref) => {
      const uri = assets.get(assetKey(ref));
      if (!uri) throw new Error(`asset ${assetKey(ref)} was not loaded`);
      return uri;
    },
    { fallbackFonts: FALLBACK_FONTS, pixelRatio },
  );
}

/** Rasterises an SVG string at its own size (1 SVG px = 1 output px). */
export function rasterise(svg: string, width: number, height: number) {
  return sharp(Buffer.from(svg), { limitInputPixels: Math.max(width * height, 1) + 1, density: 72 });
}

/** One surface's print file: PNG, transparent, `spec.width` × `spec.height`, tagged with `spec.dpi`. */
export async function renderPrintFile(
  doc: DesignDocument,
  spec: SurfaceSpec,
  assets: AssetMap,
): Promise<Buffer> {
  return rasterise(surfaceSvg(doc, spec, assets), spec.width, spec.height)
    .png({ compressionLevel: 6 })
    .withDensity(spec.dpi)
    .toBuffer();
}

export interface MockupSurface {
  template: { width: number; height: number };
  print_area: { x: number; y: number; width: number; height: number };
  blend?: 'multiply' | 'normal' | undefined;
}

/**
 * A mockup: the print file resized into the print-area rectangle of the template (scaled to the
 * mockup image's own size) and composited onto the colour's mockup image, multiplied for fabric so
 * its folds and shading show through, else laid over. Without a mockup image, a plain template of
 * the colour is used. Returns the mockup (WebP) and its thumbnail (WebP).
 */
export async function renderMockup(
  print: Buffer,
  surface: MockupSurface,
  templateImage: Buffer | null,
  colorHex: string,
): Promise<{ mockup: Buffer; thumb: Buffer }> {
  let base: Sharp;
  let width: number;
  let height: number;
  if (templateImage) {
    const meta = await sharp(templateImage).metadata();
    width = meta.width ?? surface.template.width;
    height = meta.height ?? surface.template.height;
    base = sharp(templateImage);
  } else {
    width = surface.template.width;
    height = surface.template.height;
    base = sharp({
      create: {
        width,
        height,
        channels: 4,
        background: /^#[0-9a-f]{6}$/i.test(colorHex) ? colorHex : '#ffffff',
      },
    });
  }
  const sx = width / surface.template.width;
  const sy = height / surface.template.height;
  const area = {
    left: Math.round(surface.print_area.x * sx),
    top: Math.round(surface.print_area.y * sy),
    width: Math.max(1, Math.round(surface.print_area.width * sx)),
    height: Math.max(1, Math.round(surface.print_area.height * sy)),
  };
  const placed = await sharp(print).resize(area.width, area.height, { fit: 'fill' }).png().toBuffer();
  const composed = await base
    .composite([
      {
        input: placed,
        left: area.left,
        top: area.top,
        blend: (surface.blend ?? 'multiply') === 'multiply' ? 'multiply' : 'over',
      },
    ])
    .png()
    .toBuffer();
  const [mockup, thumb] = await Promise.all([
    sharp(composed).webp({ quality: 88 }).toBuffer(),
    sharp(composed)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { mockup, thumb };
}
