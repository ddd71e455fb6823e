import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLabelPdf, THUMBNAIL_BOX } from './label-pdf.ts';

/** A PDF whose pages are: text, a Code 128 barcode only, a barcode with its middle blanked, blank. */
async function fixture(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([288, 432]).drawText('TRACKING YT1000000001', { x: 20, y: 200, size: 16, font });
  const code = await doc.embedPng(
    await bwipjs.toBuffer({ bcid: 'code128', text: 'YT2000000002', scale: 3, height: 14 }),
  );
  doc.addPage([432, 288]).drawImage(code, { x: 40, y: 100, width: 300, height: 70 });
  const broken = doc.addPage([288, 432]);
  broken.drawImage(code, { x: 20, y: 200, width: 248, height: 60 });
  broken.drawRectangle({ x: 100, y: 190, width: 80, height: 80, color: rgb(1, 1, 1) });
  doc.addPage([288, 432]);
  return doc.save();
}

afterEach(() => vi.unstubAllGlobals());

describe('reading a label PDF', () => {
  it('reads text, draws each page as a PNG thumbnail and decodes Code 128 without any network', async () => {
    // The barcode decoder's .wasm comes from node_modules: a fetch would fail the test.
    const fetch = vi.fn(() => Promise.reject(new Error('no network')));
    vi.stubGlobal('fetch', fetch);
    const pdf = await openLabelPdf(await fixture());
    try {
      expect(pdf.pageCount).toBe(4);
      expect(pdf.texts[0]).toContain('YT1000000001');
      expect(pdf.texts.slice(1).map((s) => s.trim())).toEqual(['', '', '']);

      expect(await pdf.barcodes(2)).toEqual(['YT2000000002']);
      expect(await pdf.barcodes(3)).toEqual([]); // the symbol is cut: nothing is guessed
      expect(await pdf.barcodes(4)).toEqual([]);

      const thumbs = [];
      for (const page of [1, 2, 3, 4]) {
        const png = await pdf.thumbnail(page);
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        const meta = await sharp(png).metadata();
        const stats = await sharp(png).stats();
        thumbs.push({
          png,
          width: meta.width,
          height: meta.height,
          min: Math.min(...stats.channels.slice(0, 3).map((c) => c.min)),
        });
      }
      // Portrait pages fill the box's height, the landscape one its width.
      expect(thumbs[0]).toMatchObject({ width: THUMBNAIL_BOX.width, height: THUMBNAIL_BOX.height });
      expect(thumbs[1]!.width).toBe(THUMBNAIL_BOX.width);
      expect(Math.abs(thumbs[1]!.height - (THUMBNAIL_BOX.width * 288) / 432)).toBeLessThanOrEqual(1);
      // Each page is its own picture: ink where the page has some, the blank page all white.
      expect(thumbs[0]!.min).toBeLessThan(128);
      expect(thumbs[1]!.min).toBeLessThan(64);
      expect(thumbs[3]!.min).toBe(255);
      expect(new Set(thumbs.map((x) => x.png.toString('base64'))).size).toBe(4);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      await pdf.close();
    }
  });

  it('refuses what pdf.js cannot read', async () => {
    await expect(openLabelPdf(new TextEncoder().encode('%PDF-1.7 nothing else'))).rejects.toThrow();
  });
});
