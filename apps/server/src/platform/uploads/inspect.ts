import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import createDOMPurify from 'dompurify';
import type { JSDOM as JSDOMClass } from 'jsdom';
import type { Metadata } from 'sharp';
import { onFirstUse } from '../first-use.ts';
import { sharp } from '../images/sharp.ts';
import type { Readable } from 'node:stream';

/** Why an upload was refused; each reason has a message in both languages (spec §8). */
export type RejectReason = 'incomplete' | 'type' | 'size' | 'pixels' | 'unsafeSvg' | 'corrupt';

export class UploadRejected extends Error {
  constructor(
    readonly reason: RejectReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`upload rejected: ${reason}`);
    this.name = 'UploadRejected';
  }
}

/** What a topic accepts: suffixes and real content types, a byte limit and a pixel limit. */
export interface UploadPolicy {
  suffixes: readonly string[];
  mimeTypes: readonly string[];
  maxBytes: number;
  /** Decompression-bomb guard: an image with more pixels is refused before it is decoded. */
  maxPixels: number;
}

/** What a file really is, after its content was checked. */
export interface InspectedFile {
  suffix: string;
  mimeType: string;
  kind: 'raster' | 'svg' | 'other';
  /** Bytes to store: re-encoded for rasters, the verified original otherwise. */
  body: Buffer | (() => Readable);
  width: number | null;
  height: number | null;
  dpi: number | null;
}

/** The content type each suffix must really have (magic bytes, not the name, decide). */
const SUFFIX_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
};
const RASTER = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const TEXTUAL = new Set(['text/csv', 'text/plain']);

/** The lower-case suffix of a file name, or '' when it has none. */
export function suffixOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A file name safe to show and store: no path, no control characters, at most 200 chars. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f);
  return printable.join('').trim().slice(-200);
}

/** Checks the name before any byte is read: a name, and a suffix the policy allows. */
export function checkName(name: string, policy: UploadPolicy): string {
  const clean = cleanFileName(name);
  if (!clean) throw new UploadRejected('incomplete');
  const suffix = suffixOf(clean);
  if (!suffix || !policy.suffixes.includes(suffix) || !SUFFIX_MIME[suffix])
    throw new UploadRejected('type', { suffix: suffix || '-' });
  return suffix;
}

/**
 * Inspects a received file (already on disk, within the byte limit): its detected content must
 * match its suffix and be allowed; rasters are re-encoded (metadata stripped, orientation applied)
 * within the pixel limit; SVG must come through sanitising untouched.
 */
export async function inspectFile(
  path: string,
  suffix: string,
  policy: UploadPolicy,
): Promise<InspectedFile> {
  const { size } = await stat(path);
  if (size === 0) throw new UploadRejected('incomplete');
  const expected = SUFFIX_MIME[suffix];
  if (!expected || !policy.mimeTypes.includes(expected)) throw new UploadRejected('type', { suffix });
  if (expected === 'image/svg+xml') return inspectSvg(path, policy);
  // file-type is loaded on the first upload (decision 0087); it publishes ES modules only.
  const { fileTypeFromFile } = await import('file-type');
  const detected = (await fileTypeFromFile(path))?.mime;
  if (TEXTUAL.has(expected)) {
    // Text has no magic bytes: anything binary file-type recognises is not text.
    if (detected) throw new UploadRejected('type', { suffix });
    return { suffix, mimeType: expected, kind: 'other', body: () => createReadStream(path), ...noSize };
  }
  if (detected !== expected && !(expected === 'application/zip' && detected === undefined))
    throw new UploadRejected('type', { suffix });
  if (RASTER.has(expected)) return inspectRaster(path, suffix, expected, policy);
  return { suffix, mimeType: expected, kind: 'other', body: () => createReadStream(path), ...noSize };
}

const noSize = { width: null, height: null, dpi: null };

async function inspectRaster(
  path: string,
  suffix: string,
  mimeType: string,
  policy: UploadPolicy,
): Promise<InspectedFile> {
  // The header alone gives the dimensions: a bomb is refused before any pixel is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejected('corrupt');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new UploadRejected('corrupt');
  if (width * height > policy.maxPixels)
    throw new UploadRejected('pixels', { width, height, max: policy.maxPixels });
  const dpi = meta.density ? Math.round(meta.density) : null;
  try {
    // Re-encoding strips EXIF/XMP (GPS, camera) and applies the EXIF orientation (decision 0014).
    const pipeline = sharp(path, { limitInputPixels: policy.maxPixels, failOn: 'error' }).rotate();
    const body = await (
      mimeType === 'image/png'
        ? pipeline.png({ compressionLevel: 6 })
        : mimeType === 'image/jpeg'
          ? pipeline.jpeg({ quality: 92, mozjpeg: true })
          : mimeType === 'image/webp'
            ? pipeline.webp({ quality: 92 })
            : pipeline.gif()
    ).toBuffer();
    return { suffix, mimeType, kind: 'raster', body, width, height, dpi };
  } catch {
    throw new UploadRejected('corrupt');
  }
}

/** jsdom, loaded on first use: a large CommonJS package only SVG uploads need (decision 0075). */
const jsdomLib = onFirstUse<{ JSDOM: typeof JSDOMClass }>('jsdom');
const JSDOM = () => jsdomLib().JSDOM;

let purifier: ReturnType<typeof createDOMPurify> | null = null;
function svgPurifier() {
  purifier ??= createDOMPurify(new (JSDOM())('').window);
  return purifier;
}

/** True when DOMPurify's SVG profile had to remove anything (scripts, handlers, foreign content). */
export function svgNeedsStripping(svg: string): boolean {
  const dompurify = svgPurifier();
  dompurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    WHOLE_DOCUMENT: false,
  });
  // The document wrapper DOMPurify parses into is not part of the file.
  return dompurify.removed.some(
    (r) => !('element' in r) || !['html', 'head', 'body'].includes(nodeName(r.element)),
  );
}

/** A reference that stays inside the file: a fragment (`#id`) or an embedded raster image. */
const LOCAL_REFERENCE = /^\s*(#|data:image\/(png|jpeg|jpg|gif|webp);base64,)/i;
/** CSS that reaches out: `@import`, or `url(…)` / `image-set(…)` with anything but a local reference. */
function cssReachesOut(css: string): boolean {
  const text = css.replace(/\\[0-9a-f]{1,6}\s?/gi, '?').replace(/\/\*[\s\S]*?\*\//g, '');
  if (/@import/i.test(text) || /image-set\s*\(/i.test(text)) return true;
  for (const match of text.matchAll(/url\s*\(\s*(['"]?)([^'")]*)/gi))
    if (!LOCAL_REFERENCE.test(match[2] ?? '')) return true;
  // Escapes hide what a url or an import says: anything escaped is refused.
  return text.includes('?') && /url|import/i.test(css);
}

/**
 * True when the SVG refers to anything outside itself: an `href`/`xlink:href`/`src` that is not a
 * fragment or an embedded raster, CSS `url(…)` elsewhere, or `@import` (issue 17 finding 8). Read
 * through an XML parser, so entity-encoded values are seen decoded.
 */
export function svgHasExternalReference(svg: string): boolean {
  let doc: Document;
  try {
    doc = new (JSDOM())(svg, { contentType: 'image/svg+xml' }).window.document;
  } catch {
    return true;
  }
  for (const element of Array.from(doc.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.localName.toLowerCase();
      if ((name === 'href' || name === 'src') && !LOCAL_REFERENCE.test(attribute.value)) return true;
      if (cssReachesOut(attribute.value)) return true;
    }
    if (element.localName.toLowerCase() === 'style' && cssReachesOut(element.textContent ?? '')) return true;
  }
  return false;
}

function nodeName(node: unknown): string {
  return node && typeof node === 'object' && 'nodeName' in node ? String(node.nodeName).toLowerCase() : '';
}

async function inspectSvg(path: string, policy: UploadPolicy): Promise<InspectedFile> {
  const text = (await readFile(path)).toString('utf8');
  if (
    !/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
      text.replace(/^\uFEFF/, ''),
    )
  )
    throw new UploadRejected('type', { suffix: 'svg' });
  // DOCTYPE internal subsets (entities) are refused outright: XXE and billion-laughs.
  if (/<!ENTITY/i.test(text) || svgNeedsStripping(text) || svgHasExternalReference(text))
    throw new UploadRejected('unsafeSvg');
  let meta: Metadata;
  try {
    meta = await sharp(Buffer.from(text), { limitInputPixels: policy.maxPixels }).metadata();
  } catch {
    throw new UploadRejected('corrupt');
  }
  return {
    suffix: 'svg',
    mimeType: 'image/svg+xml',
    kind: 'svg',
    body: Buffer.from(text),
    width: meta.width ?? null,
    height: meta.height ?? null,
    dpi: null,
  };
}
