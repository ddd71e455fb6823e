import type { AssetRef } from '@pod/design';
import type { AssetImages } from './painter.ts';

/** Canvas filters are slow and may fail on huge bitmaps: previews draw at most this many px a side. */
export const MAX_PREVIEW_PX = 4096;

const keyOf = (ref: AssetRef) => `${ref.kind}:${ref.id}`;

interface Entry {
  url: string;
  image: CanvasImageSource | null;
  state: 'idle' | 'loading' | 'ready' | 'failed';
}

/**
 * The images of materials and attachments the design uses, by reference. URLs are the signed URLs
 * of the material library, the upload reply or the saved finished product; an image is decoded
 * once and, when larger than 4096 px, drawn downscaled into a canvas (issue 8 pitfall: filters need
 * images of at most 4096 px).
 */
export class AssetStore implements AssetImages {
  private readonly entries = new Map<string, Entry>();

  private onReady: () => void = () => undefined;

  /** Called when an image has decoded (the page repaints the canvas). */
  listen(onReady: () => void) {
    this.onReady = onReady;
  }

  register(ref: AssetRef, url: string) {
    const key = keyOf(ref);
    const entry = this.entries.get(key);
    if (entry && entry.url === url) return;
    if (entry && entry.state === 'ready') return;
    this.entries.set(key, { url, image: null, state: 'idle' });
  }

  has(ref: AssetRef) {
    return this.entries.has(keyOf(ref));
  }

  url(ref: AssetRef): string | null {
    return this.entries.get(keyOf(ref))?.url ?? null;
  }

  get(ref: AssetRef): CanvasImageSource | null {
    const entry = this.entries.get(keyOf(ref));
    if (!entry) return null;
    if (entry.state === 'idle') this.load(entry);
    return entry.image;
  }

  private load(entry: Entry) {
    entry.state = 'loading';
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      entry.image = downscaled(image);
      entry.state = 'ready';
      this.onReady();
    };
    image.onerror = () => {
      entry.state = 'failed';
    };
    image.src = entry.url;
  }
}

function downscaled(image: HTMLImageElement): CanvasImageSource {
  const w = image.naturalWidth || image.width;
  const h = image.naturalHeight || image.height;
  const longest = Math.max(w, h);
  if (longest <= MAX_PREVIEW_PX || longest === 0) return image;
  const k = MAX_PREVIEW_PX / longest;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(w * k));
  canvas.height = Math.max(1, Math.round(h * k));
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}
