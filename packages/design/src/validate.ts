import { dpiLevel, layerDpi, type DpiLevel } from './dpi.ts';
import { convexOverlapsRect, pointsInsideRect, rectCorners } from './geometry.ts';
import { isShown, walkLayers, type LayerPath } from './layers.ts';
import type { DesignDocument, LayerType } from './schema.ts';
import { printRect, type SurfaceSpec } from './surface-spec.ts';

/**
 * How a finding weighs on saving: `error` blocks it, `confirm` needs the merchant's explicit
 * confirmation (the spec §5 blur warning), `warning` and `info` never block.
 */
export type FindingSeverity = 'error' | 'confirm' | 'warning' | 'info';

interface LayerFindingBase {
  surface: string;
  layer_id: string;
  layer_type: LayerType;
  /** Indexes from the surface's layer list down through group children. */
  path: LayerPath;
}

export type DesignFinding =
  /** Every shown raster layer gets one, green included: the editor's live DPI badge. */
  | (LayerFindingBase & {
      code: 'dpi';
      dpi: number;
      min_dpi: number;
      level: DpiLevel;
      severity: 'info' | 'warning' | 'confirm';
    })
  /** Nothing of the layer would print (issue 8: no layer may lie entirely outside the print area). */
  | (LayerFindingBase & { code: 'outside_print_area'; severity: 'error' })
  /** Part of a text, image, SVG or shape layer lies outside the safe area. */
  | (LayerFindingBase & { code: 'outside_safe_area'; severity: 'warning' })
  /** The document designs a surface the product does not have. */
  | { code: 'unknown_surface'; surface: string; severity: 'error' };

/**
 * spec §5: "below the design's minimum resolution gives a blur warning" — the surface's own
 * minimum, so amber (below it) needs the same confirmation as red (below 100 DPI, issue 26). The
 * badge's colour and the save prompt say the same thing.
 */
const DPI_SEVERITY = { green: 'info', amber: 'confirm', red: 'confirm' } as const;

/**
 * Check a document against its product's surfaces: per shown layer its DPI level (raster layers),
 * whether it lies entirely outside the print area (rotation and groups included), whether it
 * leaves the safe area. Hidden layers do not print and are not checked.
 */
export function validateDesign(doc: DesignDocument, specs: readonly SurfaceSpec[]): DesignFinding[] {
  const findings: DesignFinding[] = [];
  for (const [code, surface] of Object.entries(doc.surfaces)) {
    const spec = specs.find((s) => s.code === code);
    if (!spec) {
      if (surface.layers.length > 0)
        findings.push({ code: 'unknown_surface', surface: code, severity: 'error' });
      continue;
    }
    const area = printRect(spec);
    walkLayers(surface.layers, (layer, at) => {
      if (!isShown(layer, at) || layer.type === 'group') return;
      const base = { surface: code, layer_id: layer.id, layer_type: layer.type, path: at.path };
      const dpi = layerDpi(layer, spec.dpi);
      if (dpi !== null) {
        const level = dpiLevel(dpi, spec.min_dpi);
        findings.push({
          ...base,
          code: 'dpi',
          dpi,
          min_dpi: spec.min_dpi,
          level,
          severity: DPI_SEVERITY[level],
        });
      }
      const corners = rectCorners(at.matrix, { x: 0, y: 0, width: layer.width, height: layer.height });
      if (!convexOverlapsRect(corners, area)) {
        findings.push({ ...base, code: 'outside_print_area', severity: 'error' });
        return;
      }
      // Watermarks and tiling are backgrounds meant to run over the whole surface.
      if (layer.type !== 'watermark' && layer.type !== 'tiling' && !pointsInsideRect(corners, spec.safe_area))
        findings.push({ ...base, code: 'outside_safe_area', severity: 'warning' });
    });
  }
  return findings;
}

export interface SaveOptions {
  /** The merchant confirmed saving although some image will print blurry (red). */
  confirmedBlurry: boolean;
}

/** The findings that stop a save: errors, and red DPI unless the merchant confirmed. */
export function saveBlockers(findings: readonly DesignFinding[], options: SaveOptions): DesignFinding[] {
  return findings.filter(
    (f) => f.severity === 'error' || (f.severity === 'confirm' && !options.confirmedBlurry),
  );
}

/** Whether a design with these findings may be saved (spec §5: red needs explicit confirmation). */
export function canSave(findings: readonly DesignFinding[], options: SaveOptions): boolean {
  return saveBlockers(findings, options).length === 0;
}
