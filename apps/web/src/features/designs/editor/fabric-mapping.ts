import {
  ActiveSelection,
  Canvas,
  FabricImage,
  FabricObject,
  Point,
  util,
  type TMat2D,
  type TPointerEvent,
  type TPointerEventInfo,
} from 'fabric';
import { dpiLevel, layerDpi, type DpiLevel, type Layer, type SurfaceSpec } from '@pod/design';
import { geometryPatch, normaliseAngle, type SceneGeometry } from './bake.ts';
import { paintLayerContent, type AssetImages } from './painter.ts';

export { geometryPatch, type SceneGeometry };

/**
 * The one place where the design document and Fabric meet (issue 8, decision 0018).
 *
 * - Document → canvas: every top-level layer of the shown surface is one `LayerObject` whose
 *   Fabric box IS the layer box in print-file px (the scene's units are print px; the mockup
 *   template is scaled under it), drawn by painter.ts — not by Fabric's text, image or filter
 *   classes, so the preview follows the renderer's rules.
 * - Canvas → document: after a move, scale, turn or flip, `geometryPatch` bakes Fabric's scale into
 *   the layer's `width`/`height` (and font size, strokes, children) and the page commits one
 *   history step for all objects touched.
 *
 * Nothing is serialised through Fabric (no `toJSON`, no `toSVG`): the document is the file format.
 */

export const LAYER_OBJECT_TYPE = 'PodLayer';

/** A design layer on the canvas; `layer` is the document's value it shows. */
export class LayerObject extends FabricObject {
  static override type = LAYER_OBJECT_TYPE;
  layer: Layer;
  assets: AssetImages;

  constructor(layer: Layer, assets: AssetImages) {
    super({ objectCaching: false, strokeWidth: 0, originX: 'center', originY: 'center' });
    this.layer = layer;
    this.assets = assets;
    this.set(objectProps(layer));
  }

  override _render(ctx: CanvasRenderingContext2D) {
    ctx.save();
    ctx.translate(-this.width / 2, -this.height / 2);
    paintLayerContent(ctx, this.layer, this.assets);
    ctx.restore();
  }
}

/** The Fabric properties of a layer: its box centre, size, turn, flips, lock and visibility. */
export function objectProps(layer: Layer) {
  const locked = layer.locked;
  return {
    left: layer.x + layer.width / 2,
    top: layer.y + layer.height / 2,
    width: layer.width,
    height: layer.height,
    scaleX: 1,
    scaleY: 1,
    skewX: 0,
    skewY: 0,
    angle: layer.rotation,
    flipX: layer.flip_x,
    flipY: layer.flip_y,
    visible: layer.visible,
    selectable: !locked,
    evented: !locked,
    hasControls: !locked,
    lockMovementX: locked,
    lockMovementY: locked,
    lockScalingX: locked,
    lockScalingY: locked,
    lockRotation: locked,
  };
}

export function sceneGeometry(obj: FabricObject): SceneGeometry {
  const m = obj.calcTransformMatrix();
  // Undo the object's own flips so the decomposition yields positive scales and its true turn.
  const fx = obj.flipX ? -1 : 1;
  const fy = obj.flipY ? -1 : 1;
  const unflipped: TMat2D = [m[0] * fx, m[1] * fx, m[2] * fy, m[3] * fy, m[4], m[5]];
  const d = util.qrDecompose(unflipped);
  return {
    cx: m[4],
    cy: m[5],
    width: obj.width * Math.abs(d.scaleX),
    height: obj.height * Math.abs(d.scaleY),
    angle: normaliseAngle(d.angle),
    flipX: obj.flipX,
    flipY: obj.flipY,
  };
}

/** What the stage tells the page. */
export interface StageEvents {
  /** The merchant moved, scaled, turned or flipped these layers (one history step). */
  onGeometry(patches: Map<string, SceneGeometry>): void;
  onSelection(ids: string[]): void;
  /** The DPI of the layer being scaled, live (null when it has none or nothing is scaled). */
  onLiveDpi(value: { id: string; dpi: number; level: DpiLevel } | null): void;
  onZoom(zoom: number): void;
}

/** The surface being shown: its spec, where the print area sits on the template, the mockup. */
export interface StageSurface {
  spec: SurfaceSpec;
  /** Print px per template px. */
  scale: number;
  printArea: { x: number; y: number; width: number; height: number };
  template: { width: number; height: number };
  mockupUrl: string | null;
  colorHex: string;
}

const GUIDE_COLOURS = { print: '#1677ff', bleed: '#ff4d4f', safe: '#52c41a', snap: '#eb2f96' } as const;
/** Snapping reach in screen px. */
const SNAP_PX = 8;

/** The Fabric canvas of the editor, created once per mount and disposed (async) on unmount. */
export class DesignStage {
  readonly canvas: Canvas;
  private readonly objects = new Map<string, LayerObject>();
  private template: FabricObject | null = null;
  private surface: StageSurface | null = null;
  private snapLines: { x: number | null; y: number | null } = { x: null, y: null };
  private panning: { x: number; y: number } | null = null;
  private spaceDown = false;
  private disposed = false;

  constructor(
    element: HTMLCanvasElement,
    private readonly assets: AssetImages,
    private readonly events: StageEvents,
  ) {
    this.canvas = new Canvas(element, {
      preserveObjectStacking: true,
      backgroundColor: '#e9ecef',
      stopContextMenu: true,
      fireMiddleClick: true,
      uniformScaling: true,
    });
    this.bind();
  }

  private bind() {
    const c = this.canvas;
    const selection = () => this.events.onSelection(this.selectedIds());
    c.on('selection:created', selection);
    c.on('selection:updated', selection);
    c.on('selection:cleared', selection);
    c.on('object:modified', ({ target }) => {
      this.snapLines = { x: null, y: null };
      this.events.onLiveDpi(null);
      const targets = target instanceof ActiveSelection ? target.getObjects() : [target];
      const patches = new Map<string, SceneGeometry>();
      for (const obj of targets)
        if (obj instanceof LayerObject) patches.set(obj.layer.id, sceneGeometry(obj));
      if (patches.size) this.events.onGeometry(patches);
    });
    c.on('object:moving', ({ target }) => this.snap(target));
    c.on('object:scaling', ({ target }) => this.liveDpi(target));
    c.on('mouse:up', () => {
      this.panning = null;
      if (this.snapLines.x !== null || this.snapLines.y !== null) {
        this.snapLines = { x: null, y: null };
        c.requestRenderAll();
      }
    });
    c.on('mouse:wheel', (opt) => this.wheel(opt));
    c.on('mouse:down', (opt) => {
      const e = opt.e as MouseEvent;
      if (e.button === 1 || e.altKey || this.spaceDown) {
        this.panning = { x: e.clientX, y: e.clientY };
        c.selection = false;
      }
    });
    c.on('mouse:move', (opt) => {
      if (!this.panning) return;
      const e = opt.e as MouseEvent;
      const v = [...c.viewportTransform] as TMat2D;
      v[4] += e.clientX - this.panning.x;
      v[5] += e.clientY - this.panning.y;
      this.panning = { x: e.clientX, y: e.clientY };
      c.setViewportTransform(v);
    });
    c.on('mouse:up', () => {
      c.selection = true;
    });
    c.on('after:render', ({ ctx }) => this.drawOverlay(ctx));
  }

  setSpaceDown(isDown: boolean) {
    this.spaceDown = isDown;
  }

  private wheel(opt: TPointerEventInfo<WheelEvent>) {
    const e = opt.e;
    const zoom = Math.min(20, Math.max(0.02, this.canvas.getZoom() * 0.999 ** e.deltaY));
    this.canvas.zoomToPoint(new Point(e.offsetX, e.offsetY), zoom);
    this.events.onZoom(zoom / this.fitZoom());
    e.preventDefault();
    e.stopPropagation();
  }

  /** Snaps a moved object's centre to the print area's centre lines, and shows the guide. */
  private snap(target: FabricObject) {
    const spec = this.surface?.spec;
    if (!spec) return;
    const reach = SNAP_PX / this.canvas.getZoom();
    const centre = target.getCenterPoint();
    const lines: { x: number | null; y: number | null } = { x: null, y: null };
    let { x, y } = centre;
    if (Math.abs(centre.x - spec.width / 2) < reach) {
      x = spec.width / 2;
      lines.x = x;
    }
    if (Math.abs(centre.y - spec.height / 2) < reach) {
      y = spec.height / 2;
      lines.y = y;
    }
    if (x !== centre.x || y !== centre.y) target.setPositionByOrigin(new Point(x, y), 'center', 'center');
    this.snapLines = lines;
  }

  private liveDpi(target: FabricObject) {
    const spec = this.surface?.spec;
    if (!spec || !(target instanceof LayerObject)) return;
    const layer = geometryPatch(target.layer, sceneGeometry(target));
    const dpi = layerDpi(layer, spec.dpi);
    this.events.onLiveDpi(dpi === null ? null : { id: layer.id, dpi, level: dpiLevel(dpi, spec.min_dpi) });
  }

  private drawOverlay(ctx: CanvasRenderingContext2D) {
    const spec = this.surface?.spec;
    // Only on the visible canvas: exports render into a context of their own.
    if (!spec || ctx !== this.canvas.getContext()) return;
    const v = this.canvas.viewportTransform;
    const rect = (x: number, y: number, w: number, h: number, colour: string, dash: number[]) => {
      ctx.save();
      ctx.setLineDash(dash);
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1;
      ctx.strokeRect(
        Math.round(v[0] * x + v[4]) + 0.5,
        Math.round(v[3] * y + v[5]) + 0.5,
        Math.round(v[0] * w),
        Math.round(v[3] * h),
      );
      ctx.restore();
    };
    rect(0, 0, spec.width, spec.height, GUIDE_COLOURS.print, []);
    if (spec.bleed > 0)
      rect(
        spec.bleed,
        spec.bleed,
        spec.width - 2 * spec.bleed,
        spec.height - 2 * spec.bleed,
        GUIDE_COLOURS.bleed,
        [6, 4],
      );
    const s = spec.safe_area;
    rect(s.x, s.y, s.width, s.height, GUIDE_COLOURS.safe, [2, 3]);
    ctx.save();
    ctx.strokeStyle = GUIDE_COLOURS.snap;
    ctx.lineWidth = 1;
    if (this.snapLines.x !== null) {
      const sx = Math.round(v[0] * this.snapLines.x + v[4]) + 0.5;
      ctx.beginPath();
      ctx.moveTo(sx, v[5]);
      ctx.lineTo(sx, v[3] * spec.height + v[5]);
      ctx.stroke();
    }
    if (this.snapLines.y !== null) {
      const sy = Math.round(v[3] * this.snapLines.y + v[5]) + 0.5;
      ctx.beginPath();
      ctx.moveTo(v[4], sy);
      ctx.lineTo(v[0] * spec.width + v[4], sy);
      ctx.stroke();
    }
    ctx.restore();
  }

  selectedIds(): string[] {
    return this.canvas
      .getActiveObjects()
      .filter((o): o is LayerObject => o instanceof LayerObject)
      .map((o) => o.layer.id);
  }

  resize(width: number, height: number) {
    if (this.disposed || width <= 0 || height <= 0) return;
    this.canvas.setDimensions({ width, height });
    this.fit();
  }

  /** The zoom at which the whole template fits the canvas. */
  private fitZoom(): number {
    const s = this.surface;
    if (!s) return 1;
    const tw = s.template.width * s.scale;
    const th = s.template.height * s.scale;
    return Math.min(this.canvas.width / tw, this.canvas.height / th) * 0.92;
  }

  /** Zoom to fit the template, centred. */
  fit() {
    const s = this.surface;
    if (!s) return;
    const zoom = this.fitZoom();
    const tx = -s.printArea.x * s.scale;
    const ty = -s.printArea.y * s.scale;
    const tw = s.template.width * s.scale;
    const th = s.template.height * s.scale;
    this.canvas.setViewportTransform([
      zoom,
      0,
      0,
      zoom,
      (this.canvas.width - tw * zoom) / 2 - tx * zoom,
      (this.canvas.height - th * zoom) / 2 - ty * zoom,
    ]);
    this.events.onZoom(1);
  }

  zoomBy(factor: number) {
    const zoom = Math.min(20, Math.max(0.02, this.canvas.getZoom() * factor));
    this.canvas.zoomToPoint(new Point(this.canvas.width / 2, this.canvas.height / 2), zoom);
    this.events.onZoom(zoom / this.fitZoom());
  }

  /** Shows a surface of a colour: the mockup under the print area, the guides over it. */
  async setSurface(surface: StageSurface) {
    const changed =
      !this.surface ||
      this.surface.spec.code !== surface.spec.code ||
      this.surface.mockupUrl !== surface.mockupUrl ||
      this.surface.colorHex !== surface.colorHex;
    this.surface = surface;
    if (!changed) return;
    if (this.template) this.canvas.remove(this.template);
    this.template = null;
    const common = {
      originX: 'left' as const,
      originY: 'top' as const,
      left: -surface.printArea.x * surface.scale,
      top: -surface.printArea.y * surface.scale,
      selectable: false,
      evented: false,
      excludeFromExport: true,
    };
    let template: FabricObject;
    if (surface.mockupUrl) {
      try {
        template = await FabricImage.fromURL(
          surface.mockupUrl,
          {},
          {
            ...common,
            scaleX: (surface.template.width * surface.scale) / 1,
            scaleY: (surface.template.height * surface.scale) / 1,
          },
        );
        template.set({
          scaleX: (surface.template.width * surface.scale) / (template.width || 1),
          scaleY: (surface.template.height * surface.scale) / (template.height || 1),
        });
      } catch {
        template = this.plainTemplate(surface, common);
      }
    } else template = this.plainTemplate(surface, common);
    if (this.disposed || this.surface !== surface) return;
    this.template = template;
    this.canvas.insertAt(0, template);
    this.fit();
    this.canvas.requestRenderAll();
  }

  private plainTemplate(surface: StageSurface, common: Record<string, unknown>): FabricObject {
    const obj = new LayerObject(
      {
        id: 'template',
        name: '',
        type: 'rectangle',
        x: 0,
        y: 0,
        width: surface.template.width * surface.scale,
        height: surface.template.height * surface.scale,
        rotation: 0,
        flip_x: false,
        flip_y: false,
        opacity: 1,
        filters: { brightness: 1, contrast: 1, saturation: 1, grayscale: 0, sepia: 0, invert: 0, blur: 0 },
        locked: true,
        visible: true,
        fill: surface.colorHex,
        stroke: null,
        stroke_width: 0,
        corner_radius: 0,
      },
      this.assets,
    );
    obj.set(common);
    return obj;
  }

  /** Shows the layers of the surface: changed layers are updated, others kept, order matched. */
  setLayers(layers: readonly Layer[]) {
    const ids = new Set(layers.map((l) => l.id));
    const active = this.canvas.getActiveObject();
    for (const [id, obj] of this.objects) {
      if (ids.has(id)) continue;
      if (active === obj || (active instanceof ActiveSelection && active.contains(obj)))
        this.canvas.discardActiveObject();
      this.canvas.remove(obj);
      this.objects.delete(id);
    }
    // Objects inside a multi-selection are positioned relative to it: update them from outside.
    const selected = this.canvas.getActiveObject();
    const inSelection =
      selected instanceof ActiveSelection &&
      layers.some((l) => {
        const obj = this.objects.get(l.id);
        return obj && obj.layer !== l && selected.contains(obj);
      });
    const reselect = inSelection ? this.selectedIds() : null;
    if (inSelection) this.canvas.discardActiveObject();
    const base = this.template ? 1 : 0;
    layers.forEach((layer, i) => {
      let obj = this.objects.get(layer.id);
      if (!obj) {
        obj = new LayerObject(layer, this.assets);
        this.objects.set(layer.id, obj);
        this.canvas.add(obj);
      } else if (obj.layer !== layer) {
        obj.layer = layer;
        obj.set(objectProps(layer));
        obj.setCoords();
      }
      if (this.canvas.getObjects().indexOf(obj) !== base + i) this.canvas.moveObjectTo(obj, base + i);
    });
    if (reselect) this.select(reselect);
    this.canvas.requestRenderAll();
  }

  /** Selects layers by id (the layers panel). */
  select(ids: readonly string[]) {
    const objs = ids.map((id) => this.objects.get(id)).filter((o): o is LayerObject => !!o && o.selectable);
    const current = this.selectedIds();
    if (current.length === objs.length && objs.every((o) => current.includes(o.layer.id))) return;
    this.canvas.discardActiveObject();
    if (objs.length === 1) this.canvas.setActiveObject(objs[0]!);
    else if (objs.length > 1) this.canvas.setActiveObject(new ActiveSelection(objs, { canvas: this.canvas }));
    this.canvas.requestRenderAll();
  }

  /** Repaints (an image finished loading, fonts arrived). */
  repaint() {
    if (!this.disposed) this.canvas.requestRenderAll();
  }

  /** A scene point (print px) from a DOM event over the canvas (drops). */
  scenePoint(e: TPointerEvent): { x: number; y: number } {
    const p = this.canvas.getScenePoint(e);
    return { x: p.x, y: p.y };
  }

  /**
   * The print area as a PNG of the print file's size: the export multiplier is the target px
   * divided by the canvas px the print area covers now (issue 8 pitfall), template and guides left out.
   */
  exportPng(): string | null {
    const spec = this.surface?.spec;
    if (!spec) return null;
    const v = this.canvas.viewportTransform;
    const canvasPx = spec.width * v[0];
    const multiplier = spec.width / canvasPx;
    const retina = this.canvas.getRetinaScaling();
    const background = this.canvas.backgroundColor;
    this.canvas.backgroundColor = '';
    try {
      return this.canvas.toDataURL({
        format: 'png',
        multiplier: multiplier / retina,
        left: v[4],
        top: v[5],
        width: canvasPx,
        height: spec.height * v[3],
        filter: (obj) => obj instanceof LayerObject && obj !== this.template,
      });
    } finally {
      this.canvas.backgroundColor = background;
    }
  }

  /** Fabric's dispose is async: callers await it before a new stage takes the element. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.objects.clear();
    await this.canvas.dispose();
  }
}
