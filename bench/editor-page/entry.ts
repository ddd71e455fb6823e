/// <reference lib="dom" />
/**
 * The page `bench/editor.ts` opens in Chromium (bundled by esbuild): the editor's own stage
 * (DesignStage, the same module the editor page loads) and, for the baseline, plain Fabric. Both
 * are measured after the code has loaded, in the same page, on the same canvas size.
 */
import { Canvas, Ellipse, FabricText, Polygon, Rect } from 'fabric';
import { surfaceSpecFromCatalog, type Layer, type SurfaceSpec } from '@pod/design';
import { DESIGN_FONTS } from '@pod/shared';
import { AssetStore } from '../../apps/web/src/features/designs/editor/assets.ts';
import { DesignStage, type StageEvents } from '../../apps/web/src/features/designs/editor/fabric-mapping.ts';
import { loadFont } from '../../apps/web/src/features/designs/editor/fonts.ts';
import { makeLayer, regularPolygonPoints } from '../../apps/web/src/features/designs/editor/model.ts';

const WIDTH = 1000;
const HEIGHT = 700;

const spec: SurfaceSpec = surfaceSpecFromCatalog({
  key: 'front',
  print_area: { x: 150, y: 120, width: 300, height: 400 },
  safe_area: { x: 160, y: 130, width: 280, height: 380 },
  bleed: 0,
  print_file: { width: 3000, height: 4000, dpi: 300 },
  min_dpi: 150,
});

/** A design of `count` top-level layers: shapes, straight and arched texts in several fonts. */
export function designLayers(count: number): Layer[] {
  const layers: Layer[] = [];
  for (let i = 0; i < count; i += 1) {
    const x = (i * 137) % 2800;
    const y = (i * 211) % 3800;
    const common = { id: `l${i}`, name: '', x, y, width: 180, height: 120, rotation: (i * 7) % 360 };
    const fill = `#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
    const kind = i % 5;
    if (kind === 0) layers.push(makeLayer({ ...common, type: 'rectangle', fill }));
    else if (kind === 1) layers.push(makeLayer({ ...common, type: 'ellipse', fill }));
    else if (kind === 2)
      layers.push(makeLayer({ ...common, type: 'polygon', fill, points: regularPolygonPoints(6) }));
    else
      layers.push(
        makeLayer({
          ...common,
          type: 'text',
          text: i % 2 ? `Layer ${i} 图层` : `Hello ${i}`,
          font_family: DESIGN_FONTS[i % DESIGN_FONTS.length]!.family,
          font_size: 60,
          color: fill,
          align: 'center',
          bend: kind === 4 ? 30 : 0,
        }),
      );
  }
  return layers;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function freshCanvas(): HTMLCanvasElement {
  document.body.replaceChildren();
  const host = document.createElement('div');
  host.style.cssText = `width:${WIDTH}px;height:${HEIGHT}px`;
  const element = document.createElement('canvas');
  host.appendChild(element);
  document.body.appendChild(host);
  return element;
}

const noEvents: StageEvents = {
  onGeometry: () => undefined,
  onSelection: () => undefined,
  onLiveDpi: () => undefined,
  onZoom: () => undefined,
  onCrop: () => undefined,
  onPolygonDraft: () => undefined,
};

/**
 * Time to interactive of the editor's stage for a design: from nothing to the design drawn with
 * its fonts and the first layer selectable (selected, and the frame painted).
 */
async function editorTti(count: number): Promise<number> {
  const layers = designLayers(count);
  const start = performance.now();
  const stage = new DesignStage(freshCanvas(), new AssetStore(), noEvents);
  stage.resize(WIDTH, HEIGHT);
  // Fonts in parallel with the surface (as the editor page does).
  const fonts = Promise.all(
    layers.flatMap((l) =>
      l.type === 'text'
        ? [loadFont({ family: l.font_family, size: 16, weight: l.font_weight, italic: l.italic }, l.text)]
        : [],
    ),
  );
  await Promise.all([
    stage.setSurface({
      spec,
      scale: spec.width / 300,
      printArea: { x: 150, y: 120, width: 300, height: 400 },
      template: { width: 600, height: 700 },
      mockupUrl: null,
      colorHex: '#ffffff',
      blend: 'multiply',
    }),
    fonts,
  ]);
  stage.setLayers(layers);
  if (layers[0]) stage.select([layers[0].id]);
  stage.canvas.renderAll();
  await nextFrame();
  const elapsed = performance.now() - start;
  await stage.dispose();
  return elapsed;
}

/** The baseline: plain Fabric drawing the same number of comparable objects on the same canvas. */
async function fabricBaseline(count: number): Promise<number> {
  const start = performance.now();
  const canvas = new Canvas(freshCanvas(), { width: WIDTH, height: HEIGHT });
  for (let i = 0; i < count; i += 1) {
    const common = { left: (i * 37) % WIDTH, top: (i * 53) % HEIGHT, angle: (i * 7) % 360, fill: '#1677ff' };
    const kind = i % 5;
    canvas.add(
      kind === 0
        ? new Rect({ ...common, width: 40, height: 30 })
        : kind === 1
          ? new Ellipse({ ...common, rx: 20, ry: 15 })
          : kind === 2
            ? new Polygon(
                regularPolygonPoints(6).map((p) => ({ x: p.x * 40, y: p.y * 30 })),
                common,
              )
            : new FabricText(`Hello ${i}`, { ...common, fontSize: 14 }),
    );
  }
  canvas.setActiveObject(canvas.getObjects()[0]!);
  canvas.renderAll();
  await nextFrame();
  const elapsed = performance.now() - start;
  await canvas.dispose();
  return elapsed;
}

declare global {
  interface Window {
    benchEditor: { editorTti: typeof editorTti; fabricBaseline: typeof fabricBaseline };
  }
}
window.benchEditor = { editorTti, fabricBaseline };
