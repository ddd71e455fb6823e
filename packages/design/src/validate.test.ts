import { describe, expect, it } from 'vitest';
import { surfaceSpecFromCatalog } from './surface-spec.ts';
import { canSave, saveBlockers, validateDesign, type DesignFinding } from './validate.ts';
import { BACK, doc, FRONT, image, rect, text } from './test-fixtures.ts';

const codes = (findings: DesignFinding[]) =>
  findings.map((f) => ['layer_id' in f ? f.layer_id : f.surface, f.code]);

describe('validateDesign', () => {
  it('gives every shown raster layer its DPI level against the surface minimum', () => {
    // FRONT prints at 200 DPI with a 150 minimum. 1000×800 px shown at 1000×800 → 200 DPI.
    const d = doc([
      image('sharp'),
      image('soft', { width: 1600, height: 1280 }), // 125 DPI
      image('blurry', { width: 2200, height: 1760 }), // ~90.9 DPI
      text('words'),
    ]);
    const dpi = validateDesign(d, [FRONT]).filter((f) => f.code === 'dpi');
    expect(dpi.map((f) => [f.layer_id, f.level, f.severity])).toEqual([
      ['sharp', 'green', 'info'],
      // Below the surface's own minimum (150), not only below 100, needs the confirmation (issue 26).
      ['soft', 'amber', 'confirm'],
      ['blurry', 'red', 'confirm'],
    ]);
    expect(dpi[1]).toMatchObject({
      dpi: 125,
      min_dpi: 150,
      surface: 'front',
      layer_type: 'image',
      path: [1],
    });
  });

  it('flags a layer entirely outside the print area, rotation included', () => {
    const d = doc([
      rect('inside', { x: 100, y: 100 }),
      rect('beyond', { x: 2500, y: 100 }),
      rect('above', { x: 100, y: -200 }),
      // Its bounding box reaches into the corner; the turned square itself does not.
      rect('diamond', { x: 2400, y: 3000, width: 100, height: 100, rotation: 45 }),
      rect('crossing', { x: 2350, y: 100, width: 100, height: 100, rotation: 30 }),
    ]);
    const outside = validateDesign(d, [FRONT]).filter((f) => f.code === 'outside_print_area');
    expect(outside.map((f) => ('layer_id' in f ? f.layer_id : ''))).toEqual(['beyond', 'above', 'diamond']);
    expect(outside.every((f) => f.severity === 'error')).toBe(true);
  });

  it('places group children through the group transform', () => {
    // The group sits at the right edge; turned 180° its child lands outside.
    const group = (rotation: number) => ({
      id: `g${rotation}`,
      type: 'group' as const,
      x: 2000,
      y: 0,
      width: 800,
      height: 200,
      rotation,
      children: [rect(`child${rotation}`, { x: 0, y: 0, width: 300, height: 200 })],
    });
    const findings = validateDesign(doc([group(0), group(180)]), [FRONT]);
    expect(codes(findings.filter((f) => f.code === 'outside_print_area'))).toEqual([
      ['child180', 'outside_print_area'],
    ]);
    expect(findings.find((f) => f.code === 'outside_print_area')).toMatchObject({ path: [1, 0] });
  });

  it('warns when a layer leaves the safe area, but not for backgrounds', () => {
    const d = doc([
      rect('edge', { x: 50, y: 500 }),
      rect('safe', { x: 500, y: 500 }),
      {
        id: 'wm',
        type: 'watermark',
        x: 0,
        y: 0,
        width: 2400,
        height: 3000,
        content: { kind: 'text', text: 'X', font_family: 'Noto Sans SC', font_size: 40, color: '#000000' },
        mark_width: 100,
        mark_height: 100,
      },
    ]);
    expect(codes(validateDesign(d, [FRONT]))).toEqual([['edge', 'outside_safe_area']]);
  });

  it('skips hidden layers and layers of hidden groups', () => {
    const d = doc([
      image('hidden-blurry', { width: 2200, height: 1760, visible: false }),
      rect('hidden-outside', { x: 5000, visible: false }),
      {
        id: 'g',
        type: 'group',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        visible: false,
        children: [rect('inner', { x: 9000 })],
      },
    ]);
    expect(validateDesign(d, [FRONT])).toEqual([]);
  });

  it('refuses layers on a surface the product does not have', () => {
    const d = doc([rect('a', { x: 500, y: 500 })], {
      surfaces: {
        front: { layers: [rect('a', { x: 500, y: 500 })] },
        pocket: { layers: [rect('b')] },
        back: { layers: [] },
      },
    });
    expect(validateDesign(d, [FRONT, BACK])).toEqual([
      { code: 'unknown_surface', surface: 'pocket', severity: 'error' },
    ]);
  });
});

describe('canSave', () => {
  const findings = (...layers: Parameters<typeof doc>[0]) => validateDesign(doc(layers), [FRONT]);

  it('saves green designs without confirmation', () => {
    expect(canSave(findings(image('sharp', { x: 500, y: 500 })), { confirmedBlurry: false })).toBe(true);
  });

  it('needs confirmation below the surface minimum, not only below 100 DPI (issue 26)', () => {
    const f = findings(image('soft', { x: 500, y: 500, width: 1600, height: 1280 }));
    expect(f.some((x) => x.code === 'dpi' && x.level === 'amber')).toBe(true);
    expect(canSave(f, { confirmedBlurry: false })).toBe(false);
    expect(canSave(f, { confirmedBlurry: true })).toBe(true);
  });

  it('needs explicit confirmation for a red (blurry) image', () => {
    const f = findings(image('blurry', { x: 100, y: 100, width: 2200, height: 1760 }));
    expect(f.some((x) => x.code === 'dpi' && x.level === 'red')).toBe(true);
    expect(canSave(f, { confirmedBlurry: false })).toBe(false);
    expect(saveBlockers(f, { confirmedBlurry: false }).map((x) => x.code)).toEqual(['dpi']);
    expect(canSave(f, { confirmedBlurry: true })).toBe(true);
  });

  it('never saves a layer entirely outside the print area, confirmed or not', () => {
    const f = findings(rect('lost', { x: 9000 }));
    expect(canSave(f, { confirmedBlurry: true })).toBe(false);
  });
});

describe('surfaceSpecFromCatalog', () => {
  it('moves the safe area from template px into print px', () => {
    const spec = surfaceSpecFromCatalog({
      key: 'front',
      print_area: { x: 100, y: 200, width: 300, height: 400 },
      safe_area: { x: 130, y: 240, width: 240, height: 320 },
      bleed: 20,
      print_file: { width: 3000, height: 4000, dpi: 300 },
      min_dpi: 150,
    });
    expect(spec).toEqual({
      code: 'front',
      width: 3000,
      height: 4000,
      dpi: 300,
      safe_area: { x: 300, y: 400, width: 2400, height: 3200 },
      bleed: 20,
      min_dpi: 150,
    });
  });
});
