import { Readable } from 'node:stream';
import { sharp } from '../../platform/images/sharp.ts';
import type { FileStorage, StoredFile } from '../../platform/storage/storage.ts';

/** Garment colours of the demo mockups (name, hex). */
export const DEMO_COLOURS = [
  ['white', '#f5f5f5'],
  ['black', '#1f1f1f'],
  ['navy', '#1e3a5f'],
  ['red', '#b3261e'],
] as const;

function tShirtSvg(hex: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 120 120">
  <rect width="120" height="120" fill="#e8e8e8"/>
  <path d="M40 14 L52 10 Q60 18 68 10 L80 14 L104 30 L94 46 L84 40 L84 108 L36 108 L36 40 L26 46 L16 30 Z"
        fill="${hex}" stroke="#888" stroke-width="0.8"/>
  <rect x="46" y="40" width="28" height="36" fill="none" stroke="#4096ff" stroke-dasharray="2 2" stroke-width="0.6"/>
</svg>`;
}

/** Renders the demo T-shirt mockups to 1200 px PNGs and stores them. */
export async function storeDemoMockups(
  storage: FileStorage,
): Promise<Array<{ colour: string; file: StoredFile }>> {
  const out: Array<{ colour: string; file: StoredFile }> = [];
  for (const [colour, hex] of DEMO_COLOURS) {
    const png = await sharp(Buffer.from(tShirtSvg(hex)))
      .png()
      .toBuffer();
    out.push({ colour, file: await storage.put(Readable.from(png), { extension: 'png' }) });
  }
  return out;
}
