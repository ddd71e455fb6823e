import type * as Bwip from 'bwip-js/node';
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { onFirstUse } from '../../platform/first-use.ts';
import { sharp } from '../../platform/images/sharp.ts';

/** Loaded on first use (decision 0087). */
const pdfLib = onFirstUse<typeof PdfLib>('pdf-lib');
const barcodes = onFirstUse<typeof Bwip>('bwip-js/node');

/*
 * The packing slip and the production sheet (issue 21, decision 0054): A4 PDFs drawn with
 * pdf-lib, a Code 128 barcode of the order number (bwip-js), the lines with their mockup
 * thumbnails. Text the standard font cannot encode (Chinese names and addresses) is drawn as an
 * image rendered by sharp with the platform's bundled fonts (platform/fonts), so any script prints.
 */

export interface DocumentLine {
  name: string;
  code: string;
  color: string;
  size: string;
  quantity: number;
  /** PNG/JPEG/WebP bytes of the line's mockup thumbnail, if any. */
  image: Buffer | null;
  /** Print files of the line: surface and pixel size (the production sheet lists them). */
  prints: Array<{ surface: string; width: number; height: number; dpi: number; ready: boolean }>;
}

export interface DocumentInput {
  kind: 'packing_slip' | 'production_sheet';
  title: string;
  orderNo: string;
  rows: Array<[string, string]>;
  lines: DocumentLine[];
  labels: { line: string; quantity: string; prints: string };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

/** The Code 128 barcode of a text as a PNG (bars only; the number is printed beside it). */
export function barcodePng(text: string): Promise<Buffer> {
  return barcodes().toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false });
}

const encodable = (font: PDFFont, text: string) => {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Text as a PNG at 3× its size (for scripts the standard PDF font cannot encode). */
async function textPng(text: string, size: number): Promise<{ png: Buffer; width: number; height: number }> {
  const scale = 3;
  const height = Math.ceil(size * 1.4);
  const width = Math.max(1, Math.ceil(text.length * size * 1.05));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}"><text x="0" y="${size * scale}" font-family="Noto Sans SC, sans-serif" font-size="${size * scale}" fill="#000">${escapeXml(text)}</text></svg>`;
  const png = await sharp(Buffer.from(svg))
    .trim({ background: '#00000000', threshold: 1 })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: png.data, width: png.info.width / scale, height: png.info.height / scale };
}

/** Draws a text at (x, y baseline); an image when the font cannot encode it. Returns its width. */
async function drawText(
  doc: PDFDocument,
  page: PDFPage,
  font: PDFFont,
  text: string,
  x: number,
  y: number,
  size: number,
  maxWidth = 500,
): Promise<number> {
  if (!text) return 0;
  if (encodable(font, text)) {
    let shown = text;
    while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > maxWidth) shown = shown.slice(0, -1);
    page.drawText(shown, { x, y, size, font, color: pdfLib().rgb(0, 0, 0) });
    return font.widthOfTextAtSize(shown, size);
  }
  try {
    const img = await textPng(text, size);
    const embedded = await doc.embedPng(img.png);
    const w = Math.min(img.width, maxWidth);
    const h = img.height * (w / img.width);
    page.drawImage(embedded, { x, y: y - size * 0.25, width: w, height: h });
    return w;
  } catch {
    const safe = [...text].map((c) => (encodable(font, c) ? c : '?')).join('');
    page.drawText(safe, { x, y, size, font });
    return font.widthOfTextAtSize(safe, size);
  }
}

async function embedImage(doc: PDFDocument, bytes: Buffer) {
  // Thumbnails are WebP; pdf-lib takes PNG and JPEG.
  const png = await sharp(bytes).resize(160, 160, { fit: 'inside' }).png().toBuffer();
  return doc.embedPng(png);
}

/** The document's PDF bytes. */
export async function renderDocument(input: DocumentInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = pdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.title} ${input.orderNo}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  await drawText(doc, page, bold, input.title, MARGIN, y - 18, 20);
  const barcode = await doc.embedPng(await barcodePng(input.orderNo));
  const bw = 220;
  const bh = (barcode.height / barcode.width) * bw;
  page.drawImage(barcode, { x: A4[0] - MARGIN - bw, y: y - bh, width: bw, height: Math.min(bh, 60) });
  page.drawText(input.orderNo, {
    x: A4[0] - MARGIN - bw,
    y: y - Math.min(bh, 60) - 14,
    size: 11,
    font,
  });
  y -= 100;

  for (const [label, value] of input.rows) {
    const w = await drawText(doc, page, bold, `${label}: `, MARGIN, y, 10, 160);
    await drawText(doc, page, font, value, MARGIN + Math.max(w, 90), y, 10, 420);
    y -= 16;
  }
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5 });
  y -= 20;

  for (const line of input.lines) {
    const rowHeight = input.kind === 'production_sheet' ? 90 + line.prints.length * 14 : 90;
    if (y - rowHeight < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
    if (line.image) {
      try {
        const img = await embedImage(doc, line.image);
        const scale = Math.min(72 / img.width, 72 / img.height);
        page.drawImage(img, { x: MARGIN, y: y - 72, width: img.width * scale, height: img.height * scale });
      } catch {
        // A thumbnail that cannot be read leaves its box empty; the line still prints.
      }
    }
    page.drawRectangle({
      x: MARGIN,
      y: y - 72,
      width: 72,
      height: 72,
      borderWidth: 0.5,
      borderColor: pdfLib().rgb(0.7, 0.7, 0.7),
    });
    const x = MARGIN + 90;
    await drawText(doc, page, bold, line.name, x, y - 12, 11, 400);
    await drawText(doc, page, font, `${line.code}  ${line.color} / ${line.size}`, x, y - 28, 10, 400);
    await drawText(doc, page, bold, `${input.labels.quantity}: ${line.quantity}`, x, y - 44, 11, 400);
    let py = y - 60;
    if (input.kind === 'production_sheet') {
      for (const p of line.prints) {
        await drawText(
          doc,
          page,
          font,
          `${input.labels.prints} ${p.surface}: ${p.width}×${p.height}px @ ${p.dpi}dpi${p.ready ? '' : ' (—)'}`,
          x,
          py,
          9,
          400,
        );
        py -= 14;
      }
    }
    y -= rowHeight;
  }
  return doc.save();
}
