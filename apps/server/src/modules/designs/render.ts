import type { Sharp } from 'sharp';
import { configureSharp, sharp } from '../../platform/images/sharp.ts';
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
 * The server's renderer (issue 8, decision 0020): the SAME document the editor saved →
 * `renderSurfaceSvg` (packages/design) → sharp/librsvg with the bundled fonts. Print files are
 * PNG with transparency at the surface's print size, with the print DPI in the PNG's pHYs chunk.
 * Mockups put the print into the template's print-area rectangle over the colour's mockup image,
 * multiplied for fabric (the surface's `blend`), only where the surface's mask (if any) lets the
 * print show, and every mockup gets a WebP thumbnail.
 */

export const FALLBACK_FONTS = [DESIGN_DEFAULT_FONT, 'sans-serif'] as const;
export const THUMB_SIZE = 400;
/** libvips threads per operation in the render worker (decision 0020: memory). */
export const RENDER_THREADS = 1;

let isConfigured = false;
/**
 * The render worker's sharp settings (decision 0020): no libvips operation cache (every render
 * reads new inputs, and the cache would hold up to 50 MB of pixels) and one libvips thread per
 * operation, since a 3000 × 3600 px print is bound by memory before CPU on a machine the API
 * shares. The settings are process-wide; uploads' thumbnails run with them too.
 */
export function configureRenderer(): void {
  if (isConfigured) return;
  isConfigured = true;
  configureSharp((lib) => {
    lib.cache(false);
    lib.concurrency(RENDER_THREADS);
  });
}

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
 * How much of the print shows at each pixel of the print area, 0–255, from the surface's mask (a
 * template-sized image): its luminance times its alpha, so white prints, black and transparent do
 * not, grey lets the print through in part (decision 0020).
 */
export async function maskCoverage(
  mask: Buffer,
  size: { width: number; height: number },
  area: { left: number; top: number; width: number; height: number },
): Promise<Buffer> {
  const { data, info } = await sharp(mask)
    .resize(size.width, size.height, { fit: 'fill' })
    .extract(area)
    .flatten({ background: '#000000' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return data;
  // A colour space libvips keeps (16-bit grey, CMYK): take the first channel of each pixel.
  const out = Buffer.alloc(info.width * info.height);
  for (let i = 0; i < out.length; i += 1) out[i] = data[i * info.channels]!;
  return out;
}

/** Raw pixels with their layout. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The mockup picture as raw pixels (lossless): the print file resized into the print-area rectangle of the
 * template (scaled to the mockup image's own size), masked by the surface's mask when it has one,
 * and composited onto the colour's mockup image: for fabric in its own colours, shaded by the
 * garment's shading map so its folds show through and it reads on every colour; else laid over. Without a mockup image, a plain template of the colour is used.
 * Pixels where nothing of the print shows (outside the print area, or masked out) keep the
 * template's exact values.
 */
export async function composeMockup(
  print: Buffer,
  surface: MockupSurface,
  templateImage: Buffer | null,
  colorHex: string,
  mask: Buffer | null = null,
): Promise<RawImage> {
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
  // Raw RGBA hand-off: the resized print is never encoded and decoded again.
  const placed = await sharp(print)
    .resize(area.width, area.height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  if (mask) {
    const coverage = await maskCoverage(mask, { width, height }, area);
    for (let i = 0; i < coverage.length; i += 1)
      placed[i * 4 + 3] = Math.round((placed[i * 4 + 3]! * coverage[i]!) / 255);
  }
  const { data, info } = await base.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if ((surface.blend ?? 'multiply') === 'multiply') applyShadedPrint(data, info.width, placed, area);
  else laidOver(data, info.width, placed, area);
  return { data, width: info.width, height: info.height, channels: 4 };
}

type Area = { left: number; top: number; width: number; height: number };

/** Relative luminance (0–1) of an sRGB pixel's stored values. */
const luminance = (r: number, g: number, b: number) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/**
 * The garment's own colour in the print area: the median luminance of the template there, so
 * folds and highlights (the minority) do not move it.
 */
export function garmentLuminance(template: Buffer, width: number, area: Area): number {
  const histogram = new Uint32Array(256);
  for (let y = 0; y < area.height; y += 1)
    for (let x = 0; x < area.width; x += 1) {
      const i = ((area.top + y) * width + area.left + x) * 4;
      histogram[Math.round(luminance(template[i]!, template[i + 1]!, template[i + 2]!) * 255)]! += 1;
    }
  const half = (area.width * area.height) / 2;
  let seen = 0;
  for (let v = 0; v < 256; v += 1) {
    seen += histogram[v]!;
    if (seen >= half) return v / 255;
  }
  return 1;
}

/**
 * Fabric mockups (issue 26, decision 0073): the print is laid over in its own colours and then
 * shaded by the garment's shading map — the template's luminance relative to the garment's own
 * colour. Darker than the garment (folds, shadows): the print is multiplied by the ratio; lighter
 * (highlights): the highlight is screened onto the print. On a flat garment of any colour the ratio
 * is 1 and the print shows as printed, so a design reads on black as on white; the folds still
 * show through. Pixels where nothing of the print shows keep the template's exact values.
 */
export function applyShadedPrint(template: Buffer, width: number, placed: Buffer, area: Area): void {
  const reference = Math.max(garmentLuminance(template, width, area), 1 / 255);
  for (let y = 0; y < area.height; y += 1)
    for (let x = 0; x < area.width; x += 1) {
      const p = (y * area.width + x) * 4;
      const alpha = placed[p + 3]! / 255;
      if (alpha === 0) continue;
      const i = ((area.top + y) * width + area.left + x) * 4;
      const shade = luminance(template[i]!, template[i + 1]!, template[i + 2]!);
      const multiplyBy = shade < reference ? shade / reference : 1;
      const screenWith = shade > reference && reference < 1 ? (shade - reference) / (1 - reference) : 0;
      for (let c = 0; c < 3; c += 1) {
        const ink = placed[p + c]! / 255;
        const shaded = 1 - (1 - ink * multiplyBy) * (1 - screenWith);
        template[i + c] = Math.round(template[i + c]! * (1 - alpha) + shaded * 255 * alpha);
      }
      template[i + 3] = Math.round(template[i + 3]! + (255 - template[i + 3]!) * alpha);
    }
}

/** Hard goods: the print laid over the template (source-over), nothing else. */
function laidOver(template: Buffer, width: number, placed: Buffer, area: Area): void {
  for (let y = 0; y < area.height; y += 1)
    for (let x = 0; x < area.width; x += 1) {
      const p = (y * area.width + x) * 4;
      const alpha = placed[p + 3]! / 255;
      if (alpha === 0) continue;
      const i = ((area.top + y) * width + area.left + x) * 4;
      for (let c = 0; c < 3; c += 1)
        template[i + c] = Math.round(template[i + c]! * (1 - alpha) + placed[p + c]! * alpha);
      template[i + 3] = Math.round(template[i + 3]! + (255 - template[i + 3]!) * alpha);
    }
}

/** A mockup (`composeMockup`) as WebP, and its WebP thumbnail. */
export async function renderMockup(
  print: Buffer,
  surface: MockupSurface,
  templateImage: Buffer | null,
  colorHex: string,
  mask: Buffer | null = null,
): Promise<{ mockup: Buffer; thumb: Buffer }> {
  const { data, ...raw } = await composeMockup(print, surface, templateImage, colorHex, mask);
  const composed = () => sharp(data, { raw });
  const [mockup, thumb] = await Promise.all([
    composed().webp({ quality: 88 }).toBuffer(),
    composed()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { mockup, thumb };
}
