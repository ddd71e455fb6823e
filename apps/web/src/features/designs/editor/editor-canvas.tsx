import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Layer } from '@pod/design';
import type { AssetStore } from './assets.ts';
import type * as FabricMapping from './fabric-mapping.ts';
import type { DesignStage, StageEvents, StageSurface } from './fabric-mapping.ts';

export interface EditorCanvasProps {
  assets: AssetStore;
  surface: StageSurface | null;
  layers: readonly Layer[];
  selectedIds: readonly string[];
  events: StageEvents;
  onStage: (stage: DesignStage | null) => void;
  /** Something was dropped on the canvas (a material from the library), at a print-px point. */
  onDropData: (data: string, at: { x: number; y: number }) => void;
}

/** Disposal of the previous stage, awaited before the next one is made (StrictMode mounts twice). */
let lastDisposal: Promise<void> = Promise.resolve();

/**
 * The Fabric canvas, mounted once. Fabric is loaded here on demand (the editor's own chunk; neither
 * the storefront nor the rest of the console loads it). A failed load is spec §8 "editor not
 * installed". Fabric's `dispose()` is async: each mount makes its own `<canvas>` element and waits
 * for the previous stage's disposal, so React StrictMode's mount–unmount–mount is safe.
 */
export function EditorCanvas({
  assets,
  surface,
  layers,
  selectedIds,
  events,
  onStage,
  onDropData,
}: EditorCanvasProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<DesignStage | null>(null);
  const [failed, setFailed] = useState(false);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let created: DesignStage | null = null;
    let observer: ResizeObserver | null = null;
    const element = document.createElement('canvas');
    const ready = lastDisposal.then(async () => {
      if (cancelled) return;
      let mapping: typeof FabricMapping;
      try {
        mapping = await import('./fabric-mapping.ts');
      } catch {
        if (!cancelled) setFailed(true);
        return;
      }
      if (cancelled) return;
      host.appendChild(element);
      const proxy: StageEvents = {
        onGeometry: (p) => eventsRef.current.onGeometry(p),
        onSelection: (ids) => eventsRef.current.onSelection(ids),
        onLiveDpi: (v) => eventsRef.current.onLiveDpi(v),
        onZoom: (z) => eventsRef.current.onZoom(z),
        onCrop: (c) => eventsRef.current.onCrop(c),
        onPolygonDraft: (d) => eventsRef.current.onPolygonDraft(d),
      };
      created = new mapping.DesignStage(element, assets, proxy);
      created.resize(host.clientWidth, host.clientHeight);
      observer = new ResizeObserver(() => created?.resize(host.clientWidth, host.clientHeight));
      observer.observe(host);
      setStage(created);
      onStage(created);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      lastDisposal = ready.then(async () => {
        if (!created) return;
        onStage(null);
        const wrapper = element.parentElement;
        await created.dispose();
        // Fabric wraps the element in its container; both go with the stage.
        (wrapper && wrapper !== host ? wrapper : element).remove();
      });
    };
  }, [assets, onStage]);

  const selectedRef = useRef(selectedIds);
  useEffect(() => {
    selectedRef.current = selectedIds;
  });
  useEffect(() => {
    if (!stage || !surface) return;
    void stage.setSurface(surface).then(() => {
      stage.setLayers(layers);
      // A layer just added is selected before its object exists (setSurface resolves later):
      // select again once it is on the canvas, so its panel (filters, crop) shows (issue 26).
      stage.select(selectedRef.current);
    });
  }, [stage, surface, layers]);

  useEffect(() => {
    // Not before every chosen layer is on the canvas: selecting part of it would clear the choice.
    if (stage && selectedIds.every((id) => stage.hasLayer(id))) stage.select(selectedIds);
  }, [stage, selectedIds]);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    const data = e.dataTransfer.getData('application/x-pod-material');
    if (!data || !stage) return;
    e.preventDefault();
    onDropData(data, stage.scenePoint(e.nativeEvent));
  };

  if (failed)
    return (
      <Result status="error" title={t('designs.errors.notInstalled')} data-testid="editor-not-installed" />
    );
  return (
    <div
      ref={hostRef}
      data-testid="design-canvas"
      data-ready={stage ? 'true' : 'false'}
      style={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('application/x-pod-material')) e.preventDefault();
      }}
      onDrop={onDrop}
    >
      {!stage && <Spin style={{ position: 'absolute', top: '45%', left: '50%' }} />}
    </div>
  );
}
