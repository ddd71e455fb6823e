import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import v1Fixture from './fixtures/design-v1.json' with { type: 'json' };
import { layerMatrix, applyMatrix } from './geometry.ts';
import { findLayer } from './layers.ts';
import {
  DesignMigrationError,
  downgradeDesignDocument,
  loadDesignDocument,
  safeLoadDesignDocument,
} from './migrations.ts';
import { DESIGN_DOCUMENT_VERSION, type Layer } from './schema.ts';
import { designDocumentV1Schema } from './schema-v1.ts';
import { COLOR_ID, doc, PRODUCT_ID, rect } from './test-fixtures.ts';

const centre = (l: Layer) => applyMatrix(layerMatrix(l), { x: l.width / 2, y: l.height / 2 });
const front = () => loadDesignDocument(v1Fixture).surfaces.front!.layers;

describe('loading a version 1 document (fixture)', () => {
  it('migrates the document frame: version, colour, surfaces keyed by code', () => {
    const d = loadDesignDocument(v1Fixture);
    expect(d.version).toBe(DESIGN_DOCUMENT_VERSION);
    expect(d.product_id).toBe(PRODUCT_ID);
    expect(d.color_id).toBe(COLOR_ID);
    expect(Object.keys(d.surfaces)).toEqual(['front', 'back', 'sleeve_left']);
    expect(d.surfaces.sleeve_left).toEqual({ layers: [] });
    expect(front().map((l) => [l.id, l.type])).toEqual([
      ['t-title', 'text'],
      ['img-photo', 'image'],
      ['frame', 'rectangle'],
      ['star', 'polygon'],
      ['grp', 'group'],
      ['logo', 'svg'],
    ]);
  });

  it('turns top-left-origin boxes with a scale into centred final-size boxes', () => {
    const photo = front()[1]!;
    // v1: 1000×800 at 0.8 turned 90° about its top-left (800,700) → centre (480,1100).
    expect(photo).toMatchObject({ width: 800, height: 640, rotation: 90, x: 80, y: 780 });
    expect(centre(photo).x).toBeCloseTo(480, 6);
    expect(centre(photo).y).toBeCloseTo(1100, 6);
  });

  it('maps filters, flips, visibility, lock and names', () => {
    const [, photo, frame, , group, logo] = front();
    expect(photo!.name).toBe('Beach photo');
    expect(photo!.filters).toEqual({
      brightness: 1.2,
      contrast: 1,
      saturation: 1,
      grayscale: 1,
      sepia: 0,
      invert: 0,
      blur: 3,
    });
    expect(frame).toMatchObject({ width: 1000, height: 300, flip_x: true, flip_y: false, x: 100, y: 100 });
    expect(frame).toMatchObject({
      type: 'rectangle',
      fill: null,
      stroke: '#ff0000',
      stroke_width: 4,
      corner_radius: 10,
    });
    expect(group!.visible).toBe(false);
    expect(logo).toMatchObject({
      locked: true,
      width: 150,
      height: 75,
      natural_width: 300,
      natural_height: 150,
    });
    expect(logo).toMatchObject({
      source: { kind: 'attachment', id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    });
    expect(photo).toMatchObject({
      source: { kind: 'material', id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
      crop: null,
    });
  });

  it('maps text: curve degrees to bend percent, char spacing, weight and style', () => {
    const d = loadDesignDocument(v1Fixture);
    expect(d.surfaces.front!.layers[0]).toMatchObject({
      color: '#1a1a1a',
      align: 'center',
      letter_spacing: 0.05,
      font_weight: 700,
      italic: false,
      bend: 25,
    });
    expect(d.surfaces.back!.layers[0]).toMatchObject({
      italic: true,
      bend: -50,
      text: '背面 back',
      align: 'left',
    });
  });

  it('normalises polygon points and bakes a group scale into its children', () => {
    const layers = front();
    expect(layers[3]).toMatchObject({
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0.5, y: 1 },
      ],
    });
    expect(findLayer(layers, 'ell')).toMatchObject({ x: 300, y: 75, width: 150, height: 75, opacity: 0.5 });
    expect(layers[4]).toMatchObject({ width: 600, height: 300 });
  });

  it('passes a current document through unchanged', () => {
    const current = loadDesignDocument(v1Fixture);
    expect(loadDesignDocument(JSON.parse(JSON.stringify(current)))).toEqual(current);
  });

  it('round-trips the fixture through v2 and back to v1', () => {
    const back = designDocumentV1Schema.parse(downgradeDesignDocument(loadDesignDocument(v1Fixture), 1));
    const original = designDocumentV1Schema.parse(v1Fixture);
    const again = loadDesignDocument(back);
    expect(again).toEqual(loadDesignDocument(original));
    expect(back.color).toBe(original.color);
    expect(back.surfaces.map((s) => s.code)).toEqual(['front', 'back', 'sleeve_left']);
  });
});

describe('loading malformed or unknown documents', () => {
  it('rejects a document from a newer version at path version', () => {
    const result = safeLoadDesignDocument({ ...v1Fixture, version: DESIGN_DOCUMENT_VERSION + 1 });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues[0]!.path).toEqual(['version']);
      expect(result.error.issues[0]!.message).toMatch(/newer version/);
    }
  });

  it('rejects a document without a version', () => {
    expect(() => loadDesignDocument({ product_id: PRODUCT_ID })).toThrow(z.ZodError);
    expect(() => loadDesignDocument(null)).toThrow(z.ZodError);
  });

  it('names the bad field of a malformed v1 document in its own shape', () => {
    const broken = structuredClone(v1Fixture) as {
      surfaces: Array<{ layers: Array<Record<string, unknown>> }>;
    };
    broken.surfaces[0]!.layers[1]!.src = 'ftp://elsewhere';
    const result = safeLoadDesignDocument(broken);
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.map((i) => i.path.join('.'))).toEqual(['surfaces.0.layers.1.src']);
  });
});

describe('downgrading', () => {
  it('refuses what version 1 cannot hold, naming where', () => {
    const d = doc([
      rect('r'),
      {
        id: 't',
        type: 'tiling',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        source: { kind: 'material', id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
        natural_width: 10,
        natural_height: 10,
        tile_width: 5,
        tile_height: 5,
      },
    ]);
    expect(() => downgradeDesignDocument(d, 1)).toThrow(DesignMigrationError);
    try {
      downgradeDesignDocument(d, 1);
    } catch (error) {
      expect((error as DesignMigrationError).path).toEqual(['surfaces', 'front', 'layers', 1, 'type']);
    }
  });
});
