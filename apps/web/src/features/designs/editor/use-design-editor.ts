import { useCallback, useMemo, useState } from 'react';
import {
  copyLayerToColours,
  copyLayerToSurfaces,
  loadDesignDocument,
  replaceText as replaceDocText,
  surfaceSpecFromCatalog,
  validateDesign,
  type DesignDocument,
  type DesignFinding,
  type Layer,
  type SurfaceSpec,
} from '@pod/design';
import { quote, type CatalogProduct, type PriceBreakdown } from '@pod/shared';
import { geometryPatch, type SceneGeometry } from './bake.ts';
import { canRedo, canUndo, commit, createHistory, redo, undo, type History } from './history.ts';
import {
  addLayer,
  alignLayers,
  designedSurfaces,
  distributeLayers,
  stepLayers,
  type AlignMode,
  type DistributeAxis,
  emptyDocument,
  moveLayer,
  newLayerId,
  pasteLayers,
  removeLayers,
  surfaceLayers,
  updateLayer,
  updateLayers,
  type Docs,
} from './model.ts';

/** A design JSON file names another product than the one open. */
export class WrongProductError extends Error {
  constructor() {
    super('the document is for another product');
    this.name = 'WrongProductError';
  }
}

/**
 * The editor's state: the documents per colour under one undo history, the colour and surface
 * shown, the selection. Every action is one history step, however many layers, surfaces or
 * colours it touches.
 */
export function useDesignEditor(product: CatalogProduct, initialDocs: Docs, initialColor: string) {
  const [history, setHistory] = useState<History<Docs>>(() => createHistory(initialDocs));
  const [colorId, setColorId] = useState(initialColor);
  const [surfaceKey, setSurfaceKey] = useState(product.surfaces[0]?.key ?? '');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [clipboard, setClipboard] = useState<Layer[]>([]);
  /** The documents as last loaded or saved: anything else is unsaved work (issue 26). */
  const [savedDocs, setSavedDocs] = useState<Docs>(initialDocs);

  const docs = history.present;
  const specs = useMemo<SurfaceSpec[]>(() => product.surfaces.map(surfaceSpecFromCatalog), [product]);
  const spec = specs.find((s) => s.code === surfaceKey) ?? specs[0] ?? null;
  const doc = useMemo(() => docs[colorId] ?? emptyDocument(product.id, colorId), [docs, colorId, product.id]);
  const layers = surfaceLayers(doc, surfaceKey);
  const findings = useMemo<DesignFinding[]>(() => validateDesign(doc, specs), [doc, specs]);

  /** One step on the shown colour's document. */
  const change = useCallback(
    (fn: (doc: DesignDocument) => DesignDocument) =>
      setHistory((h) => {
        const current = h.present[colorId] ?? emptyDocument(product.id, colorId);
        const next = fn(current);
        return next === current ? h : commit(h, { ...h.present, [colorId]: next });
      }),
    [colorId, product.id],
  );
  /** One step on several colours' documents. */
  const changeAll = useCallback(
    (fn: (docs: Docs) => Docs) => setHistory((h) => commit(h, fn(h.present))),
    [],
  );

  const add = useCallback(
    (layer: Layer) => {
      change((d) => addLayer(d, surfaceKey, layer));
      setSelectedIds([layer.id]);
    },
    [change, surfaceKey],
  );

  const patchLayer = useCallback(
    (id: string, patch: (layer: Layer) => Layer) => change((d) => updateLayer(d, surfaceKey, id, patch)),
    [change, surfaceKey],
  );

  const applyGeometry = useCallback(
    (geometry: Map<string, SceneGeometry>) =>
      change((d) =>
        updateLayers(
          d,
          surfaceKey,
          new Map([...geometry].map(([id, g]) => [id, (layer: Layer) => geometryPatch(layer, g)])),
        ),
      ),
    [change, surfaceKey],
  );

  const removeSelected = useCallback(() => {
    if (selectedIds.length === 0) return;
    change((d) => removeLayers(d, surfaceKey, new Set(selectedIds)));
    setSelectedIds([]);
  }, [change, selectedIds, surfaceKey]);

  const copySelected = useCallback(() => {
    const chosen = layers.filter((l) => selectedIds.includes(l.id));
    if (chosen.length) setClipboard(chosen);
  }, [layers, selectedIds]);

  const paste = useCallback(() => {
    if (clipboard.length === 0 || !spec) return;
    const out = pasteLayers(doc, surfaceKey, clipboard, spec.width * 0.02);
    change(() => out.doc);
    setSelectedIds(out.ids);
  }, [change, clipboard, doc, spec, surfaceKey]);

  /** Duplicates the selection just above the originals, slightly offset, and selects the copies. */
  const duplicateSelected = useCallback(() => {
    const chosen = layers.filter((l) => selectedIds.includes(l.id));
    if (chosen.length === 0 || !spec) return;
    const out = pasteLayers(doc, surfaceKey, chosen, spec.width * 0.02);
    change(() => out.doc);
    setSelectedIds(out.ids);
  }, [change, doc, layers, selectedIds, spec, surfaceKey]);

  const align = useCallback(
    (mode: AlignMode) => {
      if (spec) change((d) => alignLayers(d, surfaceKey, selectedIds, mode, spec));
    },
    [change, selectedIds, spec, surfaceKey],
  );

  const distribute = useCallback(
    (axis: DistributeAxis) => change((d) => distributeLayers(d, surfaceKey, selectedIds, axis)),
    [change, selectedIds, surfaceKey],
  );

  /** Bring forward (+1) or send backward (−1) the selection by one step. */
  const stepSelected = useCallback(
    (step: 1 | -1) => change((d) => stepLayers(d, surfaceKey, selectedIds, step)),
    [change, selectedIds, surfaceKey],
  );

  /** Locks the selection, or unlocks it when every chosen layer is locked already. */
  const toggleLockSelected = useCallback(() => {
    const chosen = layers.filter((l) => selectedIds.includes(l.id));
    if (chosen.length === 0) return;
    const locked = !chosen.every((l) => l.locked);
    change((d) =>
      updateLayers(
        d,
        surfaceKey,
        new Map(chosen.map((l) => [l.id, (layer: Layer) => ({ ...layer, locked })])),
      ),
    );
  }, [change, layers, selectedIds, surfaceKey]);

  const nudge = useCallback(
    (dx: number, dy: number) => {
      const movable = layers.filter((l) => selectedIds.includes(l.id) && !l.locked);
      if (movable.length === 0) return;
      change((d) =>
        updateLayers(
          d,
          surfaceKey,
          new Map(
            movable.map((l) => [l.id, (layer: Layer) => ({ ...layer, x: layer.x + dx, y: layer.y + dy })]),
          ),
        ),
      );
    },
    [change, layers, selectedIds, surfaceKey],
  );

  const reorder = useCallback(
    (id: string, to: number) => change((d) => moveLayer(d, surfaceKey, id, to)),
    [change, surfaceKey],
  );

  /** Copy to all: the selected layers onto every other surface of this colour. */
  const copyToSurfaces = useCallback(() => {
    if (!spec) return 0;
    const ids = layers.filter((l) => selectedIds.includes(l.id)).map((l) => l.id);
    change((d) =>
      ids.reduce(
        (acc, layerId) => copyLayerToSurfaces(acc, { from: spec, layerId, to: specs, newId: newLayerId }),
        d,
      ),
    );
    return ids.length;
  }, [change, layers, selectedIds, spec, specs]);

  /** Copy to all: the selected layers onto the same surface of every colour of the product. */
  const copyToColours = useCallback(() => {
    const ids = layers.filter((l) => selectedIds.includes(l.id)).map((l) => l.id);
    changeAll((all) => {
      let list = product.colors.map((c) => all[c.id] ?? emptyDocument(product.id, c.id));
      for (const layerId of ids)
        list = copyLayerToColours(list, {
          fromColorId: colorId,
          surface: surfaceKey,
          layerId,
          newId: newLayerId,
        });
      return Object.fromEntries(list.map((d) => [d.color_id, d]));
    });
    return ids.length;
  }, [changeAll, colorId, layers, product, selectedIds, surfaceKey]);

  /** Text replacement in every text layer of every colour's design; returns the count. */
  const replaceText = useCallback(
    (search: string, replacement: string) => {
      let count = 0;
      const next = Object.fromEntries(
        Object.entries(docs).map(([id, d]) => {
          const out = replaceDocText(d, search, replacement);
          count += out.count;
          return [id, out.count ? out.doc : d];
        }),
      );
      if (count > 0) changeAll(() => next);
      return count;
    },
    [changeAll, docs],
  );

  /** Replaces the shown colour's document with an imported one (any known version, migrated). */
  const importDocument = useCallback(
    (input: unknown) => {
      const loaded = loadDesignDocument(input);
      if (loaded.product_id !== product.id) throw new WrongProductError();
      change(() => ({ ...loaded, color_id: colorId }));
      setSelectedIds([]);
    },
    [change, colorId, product.id],
  );

  const price = useMemo<PriceBreakdown | null>(() => {
    try {
      return quote(product.price_list, product.buyer, { quantity: 1, surfaces: designedSurfaces(doc) });
    } catch {
      return null;
    }
  }, [doc, product]);

  return {
    product,
    docs,
    /** Unsaved changes: the documents differ from the ones last loaded or saved. */
    dirty: docs !== savedDocs,
    /** After a save: the documents shown are what the server has. */
    markSaved: () => setSavedDocs(docs),
    /** Brings back a local draft as one undoable step. */
    restoreDraft: (draft: Docs) => {
      changeAll(() => draft);
      setSelectedIds([]);
    },
    doc,
    specs,
    spec,
    layers,
    findings,
    price,
    colorId,
    setColorId: (id: string) => {
      setColorId(id);
      setSelectedIds([]);
    },
    surfaceKey,
    setSurfaceKey: (key: string) => {
      setSurfaceKey(key);
      setSelectedIds([]);
    },
    selectedIds,
    setSelectedIds,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
    change,
    changeAll,
    add,
    patchLayer,
    applyGeometry,
    removeSelected,
    duplicateSelected,
    align,
    distribute,
    stepSelected,
    toggleLockSelected,
    copySelected,
    paste,
    nudge,
    reorder,
    copyToSurfaces,
    copyToColours,
    replaceText,
    importDocument,
  };
}

export type DesignEditor = ReturnType<typeof useDesignEditor>;
