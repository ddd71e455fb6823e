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
import {
  boundingRect,
  cropImageLayer,
  cropUnderFrame,
  dpiLevel,
  layerDpi,
  uncroppedImageLayer,
  type CropRect,
  type DpiLevel,
  type ImageLayer,
  type Layer,
  type Rect,
  type SurfaceSpec,
} from '@pod/design';
import { geometryPatch, normaliseAngle, type SceneGeometry } from './bake.ts';
import { paintLayerContent, type AssetImages } from './painter.ts';
import {
  clickPolygon,
  closePolygon,
  EMPTY_DRAFT,
  undoPolygonPoint,
  type PolygonDraft,
} from './polygon-draw.ts';
import { shadingMaps } from './shading.ts';
import { snapBox, snapTargets, type SnapGuide } from './snap.ts';

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

/** The axis-aligned box round an object on the scene (print px), inside a selection too. */
export function sceneRect(obj: FabricObject): Rect {
  const m = obj.calcTransformMatrix();
  const w = obj.width / 2;
  const h = obj.height / 2;
  return boundingRect(
    [new Point(-w, -h), new Point(w, -h), new Point(w, h), new Point(-w, h)].map((p) => p.transform(m)),
  );
}

/** Crop mode, under the frame: the whole image dimmed, and bright where the frame keeps it. */
class CropGhost extends LayerObject {
  frame: FabricObject | null = null;

  override _render(ctx: CanvasRenderingContext2D) {
    ctx.save();
    ctx.globalAlpha *= 0.35;
    super._render(ctx);
    ctx.restore();
    if (!this.frame) return;
    // The frame's corners in this object's own space (centre origin), where ctx now draws.
    const toLocal = util.multiplyTransformMatrices(
      util.invertTransform(this.calcTransformMatrix()),
      this.frame.calcTransformMatrix(),
    );
    const w = this.frame.width / 2;
    const h = this.frame.height / 2;
    const corners = [new Point(-w, -h), new Point(w, -h), new Point(w, h), new Point(-w, h)].map((p) =>
      p.transform(toLocal),
    );
    ctx.save();
    ctx.beginPath();
    corners.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.closePath();
    ctx.clip();
    super._render(ctx);
    ctx.restore();
  }
}

/** Crop mode, the frame: what the crop keeps. Its sides crop freely; its corners keep the proportions. */
class CropFrame extends FabricObject {
  constructor() {
    super({
      objectCaching: false,
      strokeWidth: 0,
      originX: 'center',
      originY: 'center',
      fill: '',
      lockRotation: true,
      lockSkewingX: true,
      lockSkewingY: true,
      lockScalingFlip: true,
      borderColor: '#ffffff',
      cornerColor: '#ffffff',
      cornerStrokeColor: '#1677ff',
      transparentCorners: false,
    });
    this.setControlsVisibility({ mtr: false });
  }

  override _render(ctx: CanvasRenderingContext2D) {
    const m = ctx.getTransform();
    const px = 1 / (Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1);
    const w = this.width;
    const h = this.height;
    ctx.save();
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = '#ffffff';
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.strokeRect(-w / 2, -h / 2, w, h);
    // Thirds, a composition aid.
    ctx.globalAlpha *= 0.6;
    ctx.setLineDash([]);
    ctx.lineWidth = px;
    ctx.beginPath();
    for (const k of [-1 / 6, 1 / 6]) {
      ctx.moveTo(k * w, -h / 2);
      ctx.lineTo(k * w, h / 2);
      ctx.moveTo(-w / 2, k * h);
      ctx.lineTo(w / 2, k * h);
    }
    ctx.stroke();
    ctx.restore();
  }
}

export const SHADING_OBJECT_TYPE = 'PodShading';
/** The longest side, in px, the shading maps are sampled at (the median and folds survive it). */
const SHADING_MAX_SIDE = 1024;

/** A scratch canvas of at least the given size, cleared, drawing in device px. */
function scratch(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D {
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

/**
 * The garment's shading maps (shading.ts) of the print area of a mockup image, as canvases of the
 * sampled size; null when the garment is flat there or its pixels cannot be read (an image from
 * another origin without CORS leaves the preview unshaded).
 */
export function shadingCanvases(
  image: CanvasImageSource,
  area: { x: number; y: number; width: number; height: number },
): { multiply: HTMLCanvasElement; screen: HTMLCanvasElement } | null {
  const k = Math.min(1, SHADING_MAX_SIDE / Math.max(area.width, area.height));
  const width = Math.max(1, Math.round(area.width * k));
  const height = Math.max(1, Math.round(area.height * k));
  const sample = document.createElement('canvas');
  sample.width = width;
  sample.height = height;
  const ctx = sample.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  let pixels: ImageData;
  try {
    ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
    pixels = ctx.getImageData(0, 0, width, height);
  } catch {
    return null;
  }
  const maps = shadingMaps(pixels.data);
  if (maps.isFlat) return null;
  const toCanvas = (data: Uint8ClampedArray<ArrayBuffer>) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')!.putImageData(new ImageData(data, width, height), 0, 0);
    return canvas;
  };
  return { multiply: toCanvas(maps.multiply), screen: toCanvas(maps.screen) };
}

/**
 * The garment's folds over the design (issue 26): the preview's counterpart of the renderer's shaded
 * print. Above every layer, over the print area, it multiplies the design by the shading map and
 * screens the highlights onto it — only where the design covers the garment (the layers' own
 * coverage, drawn each frame), so the mockup itself keeps its exact pixels. The maps are computed
 * once per mockup and colour (`shadingCanvases`). Not a layer: never picked, never exported, never
 * in the document (which Fabric does not serialise anyway).
 */
export class ShadingOverlay extends FabricObject {
  static override type = SHADING_OBJECT_TYPE;
  private readonly mask = document.createElement('canvas');
  private readonly work = document.createElement('canvas');

  constructor(
    private readonly maps: { multiply: HTMLCanvasElement; screen: HTMLCanvasElement },
    /** The print area in scene px. */
    private readonly box: Rect,
    /** The design layers it shades, in any order (their coverage is what counts). */
    private readonly layers: () => Iterable<FabricObject>,
  ) {
    super({
      objectCaching: false,
      strokeWidth: 0,
      originX: 'left',
      originY: 'top',
      left: box.x,
      top: box.y,
      width: box.width,
      height: box.height,
      selectable: false,
      evented: false,
      excludeFromExport: true,
      globalCompositeOperation: 'multiply',
    });
  }

  override render(ctx: CanvasRenderingContext2D) {
    if (!this.visible) return;
    const shown = [...this.layers()].filter((o) => o.visible);
    if (shown.length === 0) return;
    const { width, height } = ctx.canvas;
    // The scene's transform (retina × viewport): the layers and the maps are drawn in scene px.
    const scene = ctx.getTransform();
    const mask = scratch(this.mask, width, height);
    mask.setTransform(scene);
    for (const obj of shown) obj.render(mask);
    const { box } = this;
    for (const [map, operation] of [
      [this.maps.multiply, this.globalCompositeOperation],
      [this.maps.screen, 'screen'],
    ] as const) {
      const work = scratch(this.work, width, height);
      work.setTransform(scene);
      work.drawImage(map, box.x, box.y, box.width, box.height);
      work.setTransform(1, 0, 0, 1, 0, 0);
      work.globalCompositeOperation = 'destination-in';
      work.drawImage(this.mask, 0, 0);
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalCompositeOperation = operation;
      ctx.drawImage(this.work, 0, 0);
      ctx.restore();
    }
  }
}

/** The ghost's Fabric properties: the uncropped layer's box; it moves and scales, never turns. */
function ghostProps(full: ImageLayer) {
  return {
    ...objectProps(full),
    selectable: true,
    evented: true,
    hasControls: true,
    lockMovementX: false,
    lockMovementY: false,
    lockScalingX: false,
    lockScalingY: false,
    lockRotation: true,
    lockSkewingX: true,
    lockSkewingY: true,
    lockScalingFlip: true,
  };
}

/** The frame's Fabric properties for a cropped layer: its box, turned like it. */
function frameProps(layer: ImageLayer) {
  return {
    left: layer.x + layer.width / 2,
    top: layer.y + layer.height / 2,
    width: layer.width,
    height: layer.height,
    scaleX: 1,
    scaleY: 1,
    angle: layer.rotation,
  };
}

type StageMode =
  | { kind: 'edit' }
  | {
      kind: 'crop';
      layerId: string;
      /** The uncropped image layer as the ghost shows it now. */
      full: ImageLayer;
      ghost: CropGhost;
      frame: CropFrame;
      candidate: ImageLayer;
    }
  | { kind: 'polygon'; draft: PolygonDraft; pointer: Point | null };

/** What the stage tells the page. */
export interface StageEvents {
  /** The merchant moved, scaled, turned or flipped these layers (one history step). */
  onGeometry(patches: Map<string, SceneGeometry>): void;
  onSelection(ids: string[]): void;
  /** The DPI of the layer being scaled, live (null when it has none or nothing is scaled). */
  onLiveDpi(value: { id: string; dpi: number; level: DpiLevel } | null): void;
  onZoom(zoom: number): void;
  /** Crop mode: the layer as the frame crops it now (live, while dragging too). */
  onCrop(candidate: ImageLayer): void;
  /**
   * Polygon drawing: the vertices so far; closed when the merchant closed it, null when cancelled.
   * Drawing ends with a closed draft or null.
   */
  onPolygonDraft(draft: PolygonDraft | null): void;
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
  /** The surface's mockup blend: `multiply` (fabric) shades the print with the garment's folds. */
  blend: 'multiply' | 'normal';
}

const GUIDE_COLOURS = {
  print: '#1677ff',
  bleed: '#ff4d4f',
  safe: '#52c41a',
  snap: '#eb2f96',
  draw: '#fa8c16',
} as const;
/** Snapping reach in screen px (alignment guides, closing a polygon on its first vertex). */
const SNAP_PX = 8;

/** The Fabric canvas of the editor, created once per mount and disposed (async) on unmount. */
export class DesignStage {
  readonly canvas: Canvas;
  private readonly objects = new Map<string, LayerObject>();
  private template: FabricObject | null = null;
  /** The garment's folds over the design (fabric mockups with a readable image), else null. */
  private shading: ShadingOverlay | null = null;
  private surface: StageSurface | null = null;
  private snapGuides: SnapGuide[] = [];
  private mode: StageMode = { kind: 'edit' };
  private panning: { x: number; y: number } | null = null;
  private spaceDown = false;
  private disposed = false;
  /**
   * Set while the stage itself changes the canvas's active object to follow the page's choice
   * (select, or re-selecting after an update): those changes are not the merchant's and are not
   * reported back. The page's selection is the source of truth; the canvas shows the part of it
   * that can be picked on the canvas (a locked layer stays chosen in the list, issue 26).
   */
  private following = false;

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
    // The crop ghost and frame are no selection of layers.
    const selection = () => {
      if (this.mode.kind === 'edit' && !this.following) this.events.onSelection(this.selectedIds());
    };
    c.on('selection:created', selection);
    c.on('selection:updated', selection);
    c.on('selection:cleared', selection);
    c.on('object:modified', ({ target }) => {
      this.snapGuides = [];
      if (this.mode.kind === 'crop') return this.followCrop(true);
      this.events.onLiveDpi(null);
      const targets = target instanceof ActiveSelection ? target.getObjects() : [target];
      const patches = new Map<string, SceneGeometry>();
      for (const obj of targets)
        if (obj instanceof LayerObject) patches.set(obj.layer.id, sceneGeometry(obj));
      if (patches.size) this.events.onGeometry(patches);
    });
    c.on('object:moving', ({ target }) =>
      this.mode.kind === 'crop' ? this.followCrop(false) : this.snap(target),
    );
    c.on('object:scaling', ({ target }) =>
      this.mode.kind === 'crop' ? this.followCrop(false) : this.liveDpi(target),
    );
    c.on('mouse:up', () => {
      this.panning = null;
      if (this.snapGuides.length) {
        this.snapGuides = [];
        c.requestRenderAll();
      }
    });
    c.on('mouse:dblclick', () => {
      if (this.mode.kind === 'polygon') this.drawPolygon(closePolygon(this.mode.draft));
    });
    c.on('mouse:wheel', (opt) => this.wheel(opt));
    c.on('mouse:down', (opt) => {
      const e = opt.e as MouseEvent;
      if (e.button === 1 || e.altKey || this.spaceDown) {
        this.panning = { x: e.clientX, y: e.clientY };
        c.selection = false;
      } else if (this.mode.kind === 'polygon' && e.button === 0)
        this.drawPolygon(clickPolygon(this.mode.draft, opt.scenePoint, SNAP_PX / c.getZoom()));
    });
    c.on('mouse:move', (opt) => {
      if (this.mode.kind === 'polygon') {
        this.mode.pointer = opt.scenePoint;
        c.requestRenderAll();
      }
      if (!this.panning) return;
      const e = opt.e as MouseEvent;
      const v = [...c.viewportTransform] as TMat2D;
      v[4] += e.clientX - this.panning.x;
      v[5] += e.clientY - this.panning.y;
      this.panning = { x: e.clientX, y: e.clientY };
      c.setViewportTransform(v);
    });
    c.on('mouse:up', () => {
      c.selection = this.mode.kind === 'edit';
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

  /**
   * Snaps a moved object (or selection) to the print area's edges and centre lines and to the
   * other layers' edges and centres (snap.ts), and shows the guides it sits on.
   */
  private snap(target: FabricObject) {
    const spec = this.surface?.spec;
    if (!spec) return;
    const moving = new Set<FabricObject>(target instanceof ActiveSelection ? target.getObjects() : [target]);
    const others = [...this.objects.values()]
      .filter((o) => !moving.has(o) && o.visible)
      .map((o) => sceneRect(o));
    const { dx, dy, guides } = snapBox(
      sceneRect(target),
      snapTargets(spec, others),
      SNAP_PX / this.canvas.getZoom(),
    );
    if (dx !== 0 || dy !== 0) {
      target.set({ left: target.left + dx, top: target.top + dy });
      target.setCoords();
    }
    this.snapGuides = guides;
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
    ctx.beginPath();
    for (const g of this.snapGuides) {
      if (g.axis === 'x') {
        const sx = Math.round(v[0] * g.at + v[4]) + 0.5;
        ctx.moveTo(sx, v[3] * g.from + v[5]);
        ctx.lineTo(sx, v[3] * g.to + v[5]);
      } else {
        const sy = Math.round(v[3] * g.at + v[5]) + 0.5;
        ctx.moveTo(v[0] * g.from + v[4], sy);
        ctx.lineTo(v[0] * g.to + v[4], sy);
      }
    }
    ctx.stroke();
    ctx.restore();
    if (this.mode.kind === 'polygon') this.drawDraft(ctx, this.mode.draft, this.mode.pointer);
  }

  /** The polygon being drawn: its edges, the rubber band to the pointer, its vertices. */
  private drawDraft(ctx: CanvasRenderingContext2D, draft: PolygonDraft, pointer: Point | null) {
    const v = this.canvas.viewportTransform;
    const screen = (p: { x: number; y: number }) => ({ x: v[0] * p.x + v[4], y: v[3] * p.y + v[5] });
    const points = draft.points.map(screen);
    const first = points[0];
    if (!first) return;
    ctx.save();
    ctx.strokeStyle = GUIDE_COLOURS.draw;
    ctx.fillStyle = GUIDE_COLOURS.draw;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    if (pointer) {
      const p = screen(pointer);
      ctx.lineTo(p.x, p.y);
    }
    ctx.stroke();
    for (const [i, p] of points.entries()) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, i === 0 ? 5 : 3, 0, 2 * Math.PI);
      if (i === 0) ctx.stroke();
      else ctx.fill();
    }
    ctx.restore();
  }

  // ---- Modes: crop an image, draw a polygon ----------------------------------------------------------

  get modeKind(): StageMode['kind'] {
    return this.mode.kind;
  }

  /**
   * Makes the layers follow the mode: while cropping or drawing, no layer can be picked or moved
   * (and the cropped layer gives way to its ghost and frame); in edit mode they follow their lock.
   */
  private applyMode() {
    const { mode } = this;
    for (const obj of this.objects.values()) {
      const props = objectProps(obj.layer);
      const isEditing = mode.kind === 'edit';
      obj.set({
        selectable: isEditing && props.selectable,
        evented: isEditing && props.evented,
        visible: props.visible && !(mode.kind === 'crop' && mode.layerId === obj.layer.id),
      });
    }
    this.canvas.selection = mode.kind === 'edit';
    this.canvas.defaultCursor = mode.kind === 'polygon' ? 'crosshair' : 'default';
    this.canvas.hoverCursor = mode.kind === 'polygon' ? 'crosshair' : 'move';
  }

  /** Leaves crop or drawing mode without a result (the page cancels, or the surface changed). */
  cancelMode() {
    const { mode } = this;
    if (mode.kind === 'edit') return;
    this.endMode();
    if (mode.kind === 'polygon') this.events.onPolygonDraft(null);
  }

  private endMode() {
    const { mode } = this;
    if (mode.kind === 'crop') {
      this.canvas.discardActiveObject();
      this.canvas.remove(mode.ghost, mode.frame);
    }
    this.mode = { kind: 'edit' };
    this.applyMode();
    this.canvas.requestRenderAll();
  }

  /**
   * Crop mode for an image layer (top level): its whole image, dimmed, under a frame showing what
   * the crop keeps. The merchant drags or resizes the frame, or moves and scales the image under it;
   * the page gets the cropped layer live (`onCrop`) and applies it as one history step.
   */
  startCrop(layer: ImageLayer) {
    if (this.disposed || layer.locked || !this.objects.has(layer.id)) return;
    this.cancelMode();
    this.canvas.discardActiveObject();
    const full = uncroppedImageLayer(layer);
    const ghost = new CropGhost(full, this.assets);
    ghost.set(ghostProps(full));
    // The image scales only in proportion: corners only.
    ghost.setControlsVisibility({ mtr: false, ml: false, mr: false, mt: false, mb: false });
    const frame = new CropFrame();
    frame.set(frameProps(layer));
    ghost.frame = frame;
    const index = this.canvas.getObjects().indexOf(this.objects.get(layer.id)!);
    this.canvas.insertAt(index + 1, ghost, frame);
    this.mode = { kind: 'crop', layerId: layer.id, full, ghost, frame, candidate: layer };
    this.applyMode();
    ghost.setCoords();
    frame.setCoords();
    this.canvas.setActiveObject(frame);
    this.canvas.requestRenderAll();
    this.events.onCrop(layer);
  }

  /** Crop mode: the crop typed in (natural px); the frame moves to it. */
  setCrop(crop: CropRect) {
    const { mode } = this;
    if (mode.kind !== 'crop') return;
    mode.candidate = cropImageLayer(mode.full, crop);
    mode.frame.set(frameProps(mode.candidate));
    mode.frame.setCoords();
    this.canvas.requestRenderAll();
    this.events.onCrop(mode.candidate);
  }

  /** The crop the frame and the image under it make now; `isFinal` (mouse up) squares the objects with it. */
  private followCrop(isFinal: boolean) {
    const { mode } = this;
    if (mode.kind !== 'crop') return;
    const full = geometryPatch(mode.full, sceneGeometry(mode.ghost)) as ImageLayer;
    const frame = sceneGeometry(mode.frame);
    mode.candidate = cropImageLayer(full, cropUnderFrame(full, frame));
    if (isFinal) {
      mode.full = full;
      mode.ghost.layer = full;
      mode.ghost.set(ghostProps(full));
      mode.frame.set(frameProps(mode.candidate));
      mode.ghost.setCoords();
      mode.frame.setCoords();
      this.canvas.requestRenderAll();
    }
    this.events.onCrop(mode.candidate);
  }

  /** Leaves crop mode; the page has applied (or dropped) the crop. */
  endCrop() {
    if (this.mode.kind === 'crop') this.endMode();
  }

  /** Polygon drawing: clicks add vertices (polygon-draw.ts); the page gets the closed polygon. */
  startPolygon() {
    if (this.disposed) return;
    this.cancelMode();
    this.canvas.discardActiveObject();
    this.mode = { kind: 'polygon', draft: EMPTY_DRAFT, pointer: null };
    this.applyMode();
    this.canvas.requestRenderAll();
    this.events.onPolygonDraft(EMPTY_DRAFT);
  }

  /** Polygon drawing keys: Enter closes, Escape cancels, Backspace takes the last vertex back. */
  polygonKey(key: 'Enter' | 'Escape' | 'Backspace') {
    const { mode } = this;
    if (mode.kind !== 'polygon') return;
    if (key === 'Escape') return this.cancelMode();
    this.drawPolygon(key === 'Enter' ? closePolygon(mode.draft) : undoPolygonPoint(mode.draft));
  }

  private drawPolygon(draft: PolygonDraft) {
    if (this.mode.kind !== 'polygon') return;
    if (draft.isClosed) this.endMode();
    else {
      this.mode.draft = draft;
      this.canvas.requestRenderAll();
    }
    this.events.onPolygonDraft(draft);
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
    if (this.shading) this.canvas.remove(this.shading);
    this.template = null;
    this.shading = null;
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
    this.shading = this.shadingOf(surface, template);
    if (this.shading) this.canvas.add(this.shading);
    this.fit();
    this.canvas.requestRenderAll();
  }

  /** The shading overlay of a fabric surface's mockup image (once per mockup and colour). */
  private shadingOf(surface: StageSurface, template: FabricObject): ShadingOverlay | null {
    if (surface.blend !== 'multiply' || !(template instanceof FabricImage)) return null;
    // The print area in the mockup image's own px (the image may not be template-sized).
    const sx = template.width / surface.template.width;
    const sy = template.height / surface.template.height;
    const maps = shadingCanvases(template.getElement(), {
      x: surface.printArea.x * sx,
      y: surface.printArea.y * sy,
      width: surface.printArea.width * sx,
      height: surface.printArea.height * sy,
    });
    if (!maps) return null;
    const box = {
      x: 0,
      y: 0,
      width: surface.printArea.width * surface.scale,
      height: surface.printArea.height * surface.scale,
    };
    return new ShadingOverlay(maps, box, () => this.objects.values());
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
    if (inSelection) this.silently(() => this.canvas.discardActiveObject());
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
    // The folds lie over every layer.
    if (this.shading && this.canvas.getObjects().indexOf(this.shading) !== base + layers.length)
      this.canvas.moveObjectTo(this.shading, base + layers.length);
    if (reselect) this.select(reselect);
    if (this.mode.kind !== 'edit') this.applyMode();
    this.canvas.requestRenderAll();
  }

  /** Whether a layer already has its object on the canvas (a new one appears after setLayers). */
  hasLayer(id: string): boolean {
    return this.objects.has(id);
  }

  /** Runs a change of the active object that follows the page, without reporting it back. */
  private silently(fn: () => void) {
    const was = this.following;
    this.following = true;
    try {
      fn();
    } finally {
      this.following = was;
    }
  }

  /**
   * Shows the page's selection (the layers panel) on the canvas: the layers that can be picked
   * there. Locked layers stay in the page's selection (the toolbar deletes or unlocks them) but
   * get no frame on the canvas; nothing of this is reported back as a selection.
   */
  select(ids: readonly string[]) {
    if (this.mode.kind !== 'edit') return;
    const objs = ids.map((id) => this.objects.get(id)).filter((o): o is LayerObject => !!o && o.selectable);
    const current = this.selectedIds();
    if (current.length === objs.length && objs.every((o) => current.includes(o.layer.id))) return;
    this.silently(() => {
      this.canvas.discardActiveObject();
      if (objs.length === 1) this.canvas.setActiveObject(objs[0]!);
      else if (objs.length > 1)
        this.canvas.setActiveObject(new ActiveSelection(objs, { canvas: this.canvas }));
    });
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
        filter: (obj) => obj instanceof LayerObject && !(obj instanceof CropGhost) && obj !== this.template,
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
