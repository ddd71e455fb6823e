import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createIsomorphicCanvasFactory, extractText, getDocumentProxy, renderPageAsImage } from 'unpdf';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/*
 * Reading a multi-page label PDF page by page (issue 21, decision 0054): the text layer (pdf.js
 * through unpdf, no worker), a PNG thumbnail of each page, and the Code 128 barcodes drawn on a
 * page. Pages are rasterised by pdf.js onto @napi-rs/canvas (Skia, prebuilt binaries installed
 * from npm); barcodes are decoded by zxing-wasm (ZXing-C++ compiled to WebAssembly), whose .wasm
 * is read from node_modules: nothing is ever fetched.
 */

/** A thumbnail fits this box (CSS pixels): legible in the review table's preview, a few KB. */
export const THUMBNAIL_BOX = { width: 320, height: 480 } as const;
/** Barcodes are looked for at about 144 dpi, then harder at 216 dpi, within a pixel budget. */
const BARCODE_PASSES = [
  { scale: 2, tryHarder: false },
  { scale: 3, tryHarder: true },
] as const;
const BARCODE_MAX_PIXELS = 16_000_000;

/**
 * Node 20 lacks `ArrayBuffer.prototype.transferToFixedLength` (Node 21+), which pdf.js's modern
 * build calls when it hands a font to the canvas. pdf.js polyfills its other recent built-ins
 * itself (Promise.withResolvers, Map#getOrInsertComputed, Math.sumPrecise); this one is added
 * here, as a copy (pdf.js never reads the source buffer again).
 */
function ensureTransferToFixedLength(): void {
  const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: unknown };
  if (typeof proto.transferToFixedLength === 'function') return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number) {
      const size = length ?? this.byteLength;
      const out = new ArrayBuffer(size);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return out;
    },
  });
}

const canvasImport = () => import('@napi-rs/canvas');

let zxing: Promise<unknown> | undefined;

/**
 * zxing-wasm's reader, instantiated once from the .wasm in node_modules. Its default would fetch
 * the binary from a CDN; `instantiateWasm` replaces the whole loading step, and `locateFile`
 * (asked for the path only when nothing else loads it) answers the local file, never a URL.
 */
function barcodeReader(): Promise<unknown> {
  zxing ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const compiled = await WebAssembly.compile(await readFile(wasmPath));
    return prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmPath : prefix + path),
        instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
          void WebAssembly.instantiate(compiled, imports).then(done);
          return {};
        },
      },
      fireImmediately: true,
    });
  })();
  zxing.catch(() => (zxing = undefined));
  return zxing;
}

export interface LabelPdf {
  pageCount: number;
  /** Each page's text (index 0 is page 1); empty for a page without a text layer. */
  texts: string[];
  /** Page `n` (1-based) as a PNG fitting THUMBNAIL_BOX. */
  thumbnail(page: number): Promise<Buffer>;
  /** The texts of the Code 128 barcodes on page `n`, as decoded; none when nothing is readable. */
  barcodes(page: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Opens a PDF for reading page by page; the caller closes it. Throws when pdf.js cannot read it. */
export async function openLabelPdf(bytes: Uint8Array): Promise<LabelPdf> {
  ensureTransferToFixedLength();
  const CanvasFactory = await createIsomorphicCanvasFactory(canvasImport);
  // pdf.js takes a copy: it transfers (detaches) the buffer it is given.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    CanvasFactory,
    verbosity: 0, // errors only: a damaged upload is the caller's 400, not log noise
  });
  let texts: string[];
  try {
    texts = (await extractText(pdf, { mergePages: false })).text;
  } catch {
    texts = [];
  }
  const sizeOf = async (page: number) => {
    const view = (await pdf.getPage(page)).getViewport({ scale: 1 });
    return { width: view.width, height: view.height };
  };
  const render = async (page: number, scale: number) =>
    Buffer.from(await renderPageAsImage(pdf, page, { canvasImport, scale }));
  /** The page's RGBA pixels (white background), handed to the decoder without a PNG round trip. */
  const rasterise = async (page: number, wanted: number) => {
    const { createCanvas } = await canvasImport();
    const proxy = await pdf.getPage(page);
    const base = proxy.getViewport({ scale: 1 });
    const scale = Math.min(wanted, Math.sqrt(BARCODE_MAX_PIXELS / (base.width * base.height)));
    const viewport = proxy.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.floor(viewport.width)),
      Math.max(1, Math.floor(viewport.height)),
    );
    const context = canvas.getContext('2d');
    await proxy.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<
      typeof proxy.render
    >[0]).promise;
    // The decoder reads any { data: RGBA, width, height } (its ImageData is duck-typed).
    return context.getImageData(0, 0, canvas.width, canvas.height) as unknown as Parameters<
      typeof readBarcodes
    >[0];
  };
  return {
    pageCount: pdf.numPages,
    texts: Array.from({ length: pdf.numPages }, (_, i) => texts[i] ?? ''),
    async thumbnail(page) {
      const { width, height } = await sizeOf(page);
      return render(page, Math.min(THUMBNAIL_BOX.width / width, THUMBNAIL_BOX.height / height));
    },
    async barcodes(page) {
      // A quick pass at about 144 dpi finds a clean code; a slower, harder one at about 216 dpi
      // is tried before a page is given up.
      for (const pass of BARCODE_PASSES) {
        const pixels = await rasterise(page, pass.scale);
        await barcodeReader();
        const found = await readBarcodes(pixels, {
          formats: ['Code128'],
          tryHarder: pass.tryHarder,
          maxNumberOfSymbols: 8,
        });
        const texts = found.filter((b) => b.isValid && b.text.trim()).map((b) => b.text.trim());
        if (texts.length) return texts;
      }
      return [];
    },
    close: () => pdf.destroy(),
  };
}
