import { IDENTITY, layerMatrix, multiply, type Matrix } from './geometry.ts';
import type { DesignDocument, Layer } from './schema.ts';

/** Where a layer sits in the tree: indexes from the surface's list down through group children. */
export type LayerPath = number[];

export interface LayerVisit {
  /** Local space (0,0 = the layer box's top-left) → print-file space. */
  matrix: Matrix;
  path: LayerPath;
  /** The groups round the layer, outermost first. */
  ancestors: Layer[];
}

/** Visit every layer depth-first, bottom first, parents before children. */
export function walkLayers(
  layers: readonly Layer[],
  visit: (layer: Layer, at: LayerVisit) => void,
  parent: LayerVisit = { matrix: IDENTITY, path: [], ancestors: [] },
): void {
  layers.forEach((layer, i) => {
    const at: LayerVisit = {
      matrix: multiply(parent.matrix, layerMatrix(layer)),
      path: [...parent.path, i],
      ancestors: parent.ancestors,
    };
    visit(layer, at);
    if (layer.type === 'group')
      walkLayers(layer.children, visit, { ...at, ancestors: [...parent.ancestors, layer] });
  });
}

/** Whether a layer prints: it and every group round it are visible. */
export function isShown(layer: Layer, at: Pick<LayerVisit, 'ancestors'>): boolean {
  return layer.visible && at.ancestors.every((g) => g.visible);
}

/** A copy of the tree with `fn` applied to every layer, children first. */
export function mapLayers(layers: readonly Layer[], fn: (layer: Layer) => Layer): Layer[] {
  return layers.map((layer) =>
    fn(layer.type === 'group' ? { ...layer, children: mapLayers(layer.children, fn) } : layer),
  );
}

/** A layer anywhere in a surface's tree, by id. */
export function findLayer(layers: readonly Layer[], id: string): Layer | undefined {
  for (const layer of layers) {
    if (layer.id === id) return layer;
    if (layer.type === 'group') {
      const found = findLayer(layer.children, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every layer id used in a document. */
export function layerIds(doc: DesignDocument): Set<string> {
  const ids = new Set<string>();
  for (const surface of Object.values(doc.surfaces)) walkLayers(surface.layers, (layer) => ids.add(layer.id));
  return ids;
}

/** A deep copy of a layer with fresh ids (for itself and every child). */
export function cloneWithNewIds(layer: Layer, newId: () => string): Layer {
  const id = newId();
  const copy = structuredClone(layer);
  return copy.type === 'group'
    ? { ...copy, id, children: copy.children.map((c) => cloneWithNewIds(c, newId)) }
    : { ...copy, id };
}
