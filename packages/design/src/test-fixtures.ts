import {
  designDocumentSchema,
  type DesignDocument,
  type DesignDocumentInput,
  type LayerInput,
} from './schema.ts';
import type { SurfaceSpec } from './surface-spec.ts';

/** Test data shared by the unit tests (not exported from the package). */

export const PRODUCT_ID = '5f0c7a9e-3b1d-4e8a-9c2f-1d7e6b5a4c3b';
export const COLOR_ID = 'a3e1c2d4-5b6f-4a7b-8c9d-0e1f2a3b4c5d';
export const OTHER_COLOR_ID = 'b4f2d3e5-6c7a-4b8c-9d0e-1f2a3b4c5d6e';
export const MATERIAL_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const ATTACHMENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** A T-shirt front: 12 × 15 in at 200 DPI, apparel minimum 150. */
export const FRONT: SurfaceSpec = {
  code: 'front',
  width: 2400,
  height: 3000,
  dpi: 200,
  safe_area: { x: 100, y: 100, width: 2200, height: 2800 },
  bleed: 30,
  min_dpi: 150,
};
export const BACK: SurfaceSpec = { ...FRONT, code: 'back' };
/** A sleeve: small and wide. */
export const SLEEVE: SurfaceSpec = {
  code: 'sleeve_left',
  width: 1000,
  height: 500,
  dpi: 200,
  safe_area: { x: 20, y: 20, width: 960, height: 460 },
  bleed: 10,
  min_dpi: 150,
};

export function doc(layers: LayerInput[], extra: Partial<DesignDocumentInput> = {}): DesignDocument {
  return designDocumentSchema.parse({
    version: 2,
    product_id: PRODUCT_ID,
    color_id: COLOR_ID,
    surfaces: { front: { layers } },
    ...extra,
  });
}

export function image(id: string, over: Partial<Extract<LayerInput, { type: 'image' }>> = {}): LayerInput {
  return {
    id,
    type: 'image',
    x: 200,
    y: 200,
    width: 1000,
    height: 800,
    source: { kind: 'material', id: MATERIAL_ID },
    natural_width: 1000,
    natural_height: 800,
    ...over,
  };
}

export function text(id: string, over: Partial<Extract<LayerInput, { type: 'text' }>> = {}): LayerInput {
  return {
    id,
    type: 'text',
    x: 300,
    y: 300,
    width: 1200,
    height: 200,
    text: 'Hello',
    font_family: 'Noto Sans SC',
    font_size: 100,
    color: '#112233',
    ...over,
  };
}

export function rect(id: string, over: Partial<Extract<LayerInput, { type: 'rectangle' }>> = {}): LayerInput {
  return { id, type: 'rectangle', x: 0, y: 0, width: 100, height: 100, fill: '#ff0000', ...over };
}
