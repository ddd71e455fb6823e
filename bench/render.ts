/**
 * Design render throughput (issue 8, decision 0020). In the same run, for the same output sizes:
 * - render: the server's path, document → renderSurfaceSvg → sharp/librsvg print file (PNG with
 *   DPI, 3000 × 3600 px) plus the mockup (print multiplied into the template's print area) and
 *   its WebP thumbnail;
 * - raw sharp (fair, issue 25): the same SVG content — the photo, the bent text and the polygon,
 *   as the renderer wrote them once before the timing — rasterised by sharp/librsvg alone at the
 *   same size, density and PNG settings, then the same mockup steps. The ratio is what building
 *   the SVG from the document and its checks add; the drawing itself is in both;
 * prints both, their ratio and the process's peak RSS. `npm run bench:render`.
 * BENCH_ITERATIONS (default 6).
 *
 * Memory (decision 0020): the renderer runs with the render worker's sharp settings
 * (`configureRenderer`: no operation cache, one libvips thread), and on Linux under
 * MALLOC_ARENA_MAX=2 — glibc otherwise keeps the freed pixel buffers of every libvips and libuv
 * thread in that thread's own malloc arena, and the peak RSS wanders between 420 and 550 MB from
 * run to run. The benchmark re-runs itself with it unless it is set (BENCH_SYSTEM_MALLOC=1 keeps
 * glibc's default, to compare). Only the renderer is loaded, not the whole designs module.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (
  process.platform === 'linux' &&
  !process.env.MALLOC_ARENA_MAX &&
  process.env.BENCH_SYSTEM_MALLOC !== '1'
) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  process.exit(child.status ?? 1);
}

const { default: sharp } = await import('sharp');
const { designDocumentSchema } = await import('@pod/design');
const { configureRenderer, renderMockup, renderPrintFile, surfaceSvg } =
  await import('../apps/server/src/modules/designs/render.ts');
const { prepareFonts } = await import('../apps/server/src/platform/fonts/fonts.ts');

const iterations = Number(process.env.BENCH_ITERATIONS ?? 6);
const dataDir = mkdtempSync(join(tmpdir(), 'pod-bench-render-'));
prepareFonts(dataDir);
configureRenderer();
console.log(
  `sharp cache off, ${sharp.concurrency()} libvips thread(s), MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'glibc default'}`,
);

const spec = {
  code: 'front',
  width: 3000,
  height: 3600,
  dpi: 300,
  safe_area: { x: 150, y: 150, width: 2700, height: 3300 },
  bleed: 0,
  min_dpi: 150,
};
const surface = {
  template: { width: 1200, height: 1200 },
  print_area: { x: 350, y: 260, width: 500, height: 600 },
  blend: 'multiply' as const,
};

const PHOTO = '00000000-0000-4000-8000-0000000000b1';
const photoPx = 1800;
const raw = Buffer.alloc(photoPx * photoPx * 3);
for (let i = 0; i < raw.length; i += 3) {
  const p = i / 3;
  raw[i] = (p % photoPx) & 255;
  raw[i + 1] = Math.floor(p / photoPx) & 255;
  raw[i + 2] = 140;
}
const photo = await sharp(raw, { raw: { width: photoPx, height: photoPx, channels: 3 } })
  .png()
  .toBuffer();
const assets = new Map([[`attachment:${PHOTO}`, `data:image/png;base64,${photo.toString('base64')}`]]);
const template = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#e8e8e8' } })
  .png()
  .toBuffer();

const doc = designDocumentSchema.parse({
  version: 2,
  product_id: '00000000-0000-4000-8000-000000000001',
  color_id: '00000000-0000-4000-8000-000000000002',
  surfaces: {
    front: {
      layers: [
        {
          id: 'photo',
          type: 'image',
          x: 600,
          y: 900,
          width: 1800,
          height: 1800,
          source: { kind: 'attachment', id: PHOTO },
          natural_width: photoPx,
          natural_height: photoPx,
        },
        {
          id: 'title',
          type: 'text',
          x: 300,
          y: 200,
          width: 2400,
          height: 500,
          text: 'SUMMER 夏日',
          font_family: 'Roboto',
          font_size: 300,
          font_weight: 700,
          color: '#c53030',
          align: 'center',
          bend: 20,
        },
        {
          id: 'star',
          type: 'polygon',
          x: 1200,
          y: 2900,
          width: 600,
          height: 500,
          fill: '#2b6cb0',
          points: [
            { x: 0.5, y: 0 },
            { x: 1, y: 0.4 },
            { x: 0.8, y: 1 },
            { x: 0.2, y: 1 },
            { x: 0, y: 0.4 },
          ],
        },
      ],
    },
  },
});

// The same SVG the renderer draws, written once (not timed): text, shapes and the embedded photo.
const svgOnce = Buffer.from(surfaceSvg(doc, spec, assets));

async function rawSharpPrint(): Promise<Buffer> {
  return sharp(svgOnce, { limitInputPixels: spec.width * spec.height + 1, density: 72 })
    .png({ compressionLevel: 6 })
    .withDensity(spec.dpi)
    .toBuffer();
}

async function measure(label: string, op: () => Promise<void>): Promise<number> {
  await op(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await op();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rate = iterations / seconds;
  console.log(
    `${label.padEnd(48)} ${rate.toFixed(2).padStart(7)} print+mockup/s  (${((seconds / iterations) * 1000).toFixed(0)} ms each)`,
  );
  return rate;
}

try {
  const ours = await measure('render (document → SVG → sharp/librsvg)', async () => {
    const print = await renderPrintFile(doc, spec, assets);
    await renderMockup(print, surface, template, '#ffffff');
  });
  const baseline = await measure('raw sharp (the same SVG content, drawn by sharp)', async () => {
    const print = await rawSharpPrint();
    await renderMockup(print, surface, template, '#ffffff');
  });
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`render ratio ${(ours / baseline).toFixed(2)} of raw sharp, peak ${peakMb.toFixed(0)} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
