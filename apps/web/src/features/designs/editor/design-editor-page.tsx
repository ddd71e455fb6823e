import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  App,
  Button,
  Dropdown,
  Flex,
  Input,
  Layout,
  Modal,
  Result,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import {
  ArrowLeftOutlined,
  CopyOutlined,
  DownloadOutlined,
  ExpandOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  approximateMeasure,
  collectAssetRefs,
  dpiLevel,
  fontOf,
  layerDpi,
  loadDesignDocument,
  saveBlockers,
  validateDesign,
  type DesignDocument,
  type DpiLevel,
  type ImageLayer,
  type Point,
  type TextLayer,
} from '@pod/design';
import {
  DESIGN_DEFAULT_FONT,
  type CatalogProduct,
  type FinishedProductDetail,
  type LibraryMaterial,
  type LinePersonalisation,
} from '@pod/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import { formatMinorUnits } from '../../../i18n/format.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { uploadFile } from '../../uploads/api.ts';
import {
  libraryMaterial,
  saveLinePersonalisation,
  useCatalogProduct,
  useCatalogProducts,
  useFinishedDetail,
  useOrderPersonalisation,
} from '../api.ts';
import { FullScreenAdminGate } from '../design-gate.tsx';
import { EditorSkeleton } from '../editor-skeleton.tsx';
import { FINISHED_LIST_PATH, PATHS } from '../../../app/paths.ts';
import { editorHref } from '../paths.ts';
import { AddPanel, type AddActions } from './add-panel.tsx';
import { AssetStore } from './assets.ts';
import { CropPanel } from './crop-panel.tsx';
import { EditorCanvas } from './editor-canvas.tsx';
import type { DesignStage, StageEvents, StageSurface } from './fabric-mapping.ts';
import { canvasMeasure, FontLoadError, loadFont } from './fonts.ts';
import { LayersPanel } from './layers-panel.tsx';
import {
  centredBox,
  checkedDocument,
  emptyDocument,
  fitTextBox,
  fittedImageBox,
  makeLayer,
  newLayerId,
  regularPolygonPoints,
  type Docs,
} from './model.ts';
import { polygonFromPoints } from './polygon-draw.ts';
import { PropertiesPanel } from './properties-panel.tsx';
import { SaveDialog } from './save-dialog.tsx';
import {
  draftDiffers,
  draftKey,
  dropDraft,
  readDraft,
  useDraftAutosave,
  useLeaveGuard,
} from './unsaved-work.ts';
import { useDesignEditor, WrongProductError } from './use-design-editor.ts';
import { useAdminSession } from '../../../session/admin-session-context.ts';
import { Hint } from './hint.tsx';
import { catalogName } from '../../../i18n/catalog-name.ts';

const formatMoney = (minor: number, currency: string) =>
  `${currency} ${formatMinorUnits(minor, currentLanguage())}`;

/** The route `/admin/design?product=<id>[&finished=<id>][&color=<id>]`, full screen behind the admin gate. */
export function DesignEditorRoute() {
  return (
    <FullScreenAdminGate>
      <DesignEditorPage />
    </FullScreenAdminGate>
  );
}

/** Choosing a product to design when the address names none (spec §8 "no product selected"). */
function ProductPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const products = useCatalogProducts({ page: 1, limit: 50, keyword: keyword || undefined });
  return (
    <Select
      showSearch
      filterOption={false}
      style={{ width: 320 }}
      data-testid="design-product-picker"
      placeholder={t('designs.editor.chooseProduct')}
      loading={products.isFetching}
      onSearch={setKeyword}
      onChange={(id: string) => void navigate(editorHref(id))}
      options={(products.data?.list ?? []).map((p) => ({
        value: p.id,
        label: `${catalogName(p, currentLanguage())} (${p.style_code})`,
      }))}
    />
  );
}

/** Loads the product (and, to edit again, the finished product), then opens the workspace. */
export function DesignEditorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const productId = params.get('product');
  const finishedId = params.get('finished');
  const product = useCatalogProduct(productId);
  const finished = useFinishedDetail(finishedId);
  // An order line's personalised design (decision 0053): `?order=<order_no>&line=<line id>`.
  const orderNo = params.get('order');
  const lineId = params.get('line');
  const personalisation = useOrderPersonalisation(orderNo && lineId ? orderNo : null);
  const line = personalisation.data?.lines.find((l) => l.line_id === lineId && l.document) ?? null;
  if (!productId || product.isError || (product.data && product.data.surfaces.length === 0))
    return (
      <Result
        status="warning"
        data-testid="design-no-product"
        title={t('designs.errors.noProduct')}
        extra={
          <Flex vertical gap={12} align="center">
            <ProductPicker />
            <Link to={FINISHED_LIST_PATH}>{t('designs.editor.backToList')}</Link>
          </Flex>
        }
      />
    );
  if (orderNo && lineId && (personalisation.isError || (personalisation.data && !line)))
    return (
      <Result
        status="warning"
        data-testid="design-no-line"
        title={t('designs.personalised.missing')}
        extra={
          <Link to={`${PATHS.adminOrderDetail}?order_no=${encodeURIComponent(orderNo)}`}>
            {t('designs.personalised.back')}
          </Link>
        }
      />
    );
  if (!product.data || (finishedId && !finished.data && !finished.isError) || (orderNo && lineId && !line))
    return <EditorSkeleton />;
  return (
    <Workspace
      product={product.data}
      finished={finished.data ?? null}
      personalised={orderNo && line ? { orderNo, line } : null}
      initialColor={params.get('color')}
    />
  );
}

function initialDocs(
  product: CatalogProduct,
  finished: Pick<FinishedProductDetail, 'documents'> | null,
): Docs {
  const docs: Record<string, DesignDocument> = {};
  for (const raw of finished?.documents ?? []) {
    try {
      const doc = loadDesignDocument(raw);
      docs[doc.color_id] = doc;
    } catch {
      // A document that no longer loads is left out; the merchant sees the colour empty.
    }
  }
  if (Object.keys(docs).length === 0 && product.colors[0])
    docs[product.colors[0].id] = emptyDocument(product.id, product.colors[0].id);
  return docs;
}

function Workspace({
  product,
  finished,
  personalised = null,
  initialColor,
}: {
  product: CatalogProduct;
  finished: FinishedProductDetail | null;
  /** An order line's personalised design: saving goes to the line, not to a finished product. */
  personalised?: { orderNo: string; line: LinePersonalisation } | null;
  initialColor: string | null;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const stageRef = useRef<DesignStage | null>(null);
  const [stageReady, setStageReady] = useState(false);
  const [assets] = useState(() => {
    const store = new AssetStore();
    // Edit again: the server hands back signed URLs of the merchant's own uploads the documents use.
    for (const asset of finished?.assets ?? personalised?.line.assets ?? [])
      store.register({ kind: 'attachment', id: asset.id }, asset.url);
    return store;
  });
  useEffect(() => {
    assets.listen(() => stageRef.current?.repaint());
  }, [assets]);
  const source = useMemo(
    () => finished ?? (personalised?.line.document ? { documents: [personalised.line.document] } : null),
    [finished, personalised],
  );
  const docs0 = useMemo(() => initialDocs(product, source), [product, source]);
  const firstColor =
    (initialColor && product.colors.some((c) => c.id === initialColor) ? initialColor : null) ??
    Object.keys(docs0)[0] ??
    product.colors[0]?.id ??
    '';
  const editor = useDesignEditor(product, docs0, firstColor);
  const [liveDpi, setLiveDpi] = useState<{ id: string; dpi: number; level: DpiLevel } | null>(null);
  const [zoom, setZoom] = useState(1);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fontsFailed, setFontsFailed] = useState(false);
  /** Crop mode: the image layer as it was and as the frame crops it now. */
  const [cropping, setCropping] = useState<{ start: ImageLayer; candidate: ImageLayer } | null>(null);
  /** Polygon drawing: how many vertices so far, or null when not drawing. */
  const [drawing, setDrawing] = useState<number | null>(null);
  const jsonInput = useRef<HTMLInputElement>(null);

  const onStage = useCallback((stage: DesignStage | null) => {
    stageRef.current = stage;
    setStageReady(stage !== null);
  }, []);

  /** spec §8 "not initialised": an action needs the canvas before it exists. */
  const requireStage = useCallback((): DesignStage | null => {
    if (!stageRef.current) {
      void message.error(t('designs.errors.notInitialised'));
      return null;
    }
    return stageRef.current;
  }, [message, t]);

  // Saved designs name materials by id: look their signed URLs up (once per document set).
  const resolveMaterials = useCallback(
    (docs: Docs) => {
      for (const doc of Object.values(docs))
        for (const code of Object.keys(doc.surfaces))
          for (const ref of collectAssetRefs(doc, code)) {
            if (assets.has(ref) || ref.kind !== 'material') continue;
            void libraryMaterial(ref.id)
              .then((m) => {
                assets.register(ref, m.image_url);
                stageRef.current?.repaint();
              })
              .catch(() => undefined);
          }
    },
    [assets],
  );
  useEffect(() => resolveMaterials(docs0), [resolveMaterials, docs0]);

  // Unsaved work (issue 26): a local draft per user and design, offered again on return, and a
  // prompt on every way out while there are unsaved changes.
  const session = useAdminSession();
  const draftStore = draftKey(
    session.user.id,
    product.id,
    finished?.id ?? (personalised ? `line-${personalised.line.line_id}` : null),
  );
  const [found] = useState(() => {
    const draft = readDraft(draftStore);
    return { draft, differs: draft !== null && draftDiffers(draft, docs0) };
  });
  const [draftChecked, setDraftChecked] = useState(!found.differs);
  useEffect(() => {
    const { draft } = found;
    if (!draft) return;
    if (!found.differs) {
      dropDraft(draftStore);
      return;
    }
    const time = new Date(draft.saved_at).toLocaleString(currentLanguage() === 'en' ? 'en' : 'zh-CN');
    modal.confirm({
      title: <span data-testid="draft-restore-title">{t('designs.draft.title')}</span>,
      content: t('designs.draft.content', { time }),
      okText: <span data-testid="draft-restore">{t('designs.draft.restore')}</span>,
      cancelText: <span data-testid="draft-discard">{t('designs.draft.discard')}</span>,
      closable: false,
      maskClosable: false,
      keyboard: false,
      onOk: () => {
        for (const [id, url] of Object.entries(draft.assets))
          assets.register({ kind: 'attachment', id }, url);
        resolveMaterials(draft.docs);
        editor.restoreDraft(draft.docs);
        setDraftChecked(true);
      },
      onCancel: () => {
        dropDraft(draftStore);
        setDraftChecked(true);
      },
    });
    // Once, when the workspace opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const attachmentUrls = useCallback(
    (docs: Docs) => {
      const urls: Record<string, string> = {};
      for (const doc of Object.values(docs))
        for (const code of Object.keys(doc.surfaces))
          for (const ref of collectAssetRefs(doc, code)) {
            const url = ref.kind === 'attachment' ? assets.url(ref) : null;
            if (url) urls[ref.id] = url;
          }
      return urls;
    },
    [assets],
  );
  useDraftAutosave(draftStore, editor.docs, editor.dirty, draftChecked, attachmentUrls);
  const leaving = useLeaveGuard(editor.dirty);
  const askingToLeave = useRef(false);
  useEffect(() => {
    if (leaving.state !== 'blocked' || askingToLeave.current) return;
    askingToLeave.current = true;
    modal.confirm({
      title: <span data-testid="leave-title">{t('designs.leave.title')}</span>,
      content: t('designs.leave.content'),
      okText: <span data-testid="leave-confirm">{t('designs.leave.leave')}</span>,
      okButtonProps: { danger: true },
      cancelText: <span data-testid="leave-stay">{t('designs.leave.stay')}</span>,
      onOk: () => {
        askingToLeave.current = false;
        leaving.proceed?.();
      },
      onCancel: () => {
        askingToLeave.current = false;
        leaving.reset?.();
      },
    });
    // Once per blocked navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leaving.state]);

  /** Fonts are bundled; wait for the faces a text needs, then measure it again. */
  const withFont = useCallback(
    async (layer: TextLayer): Promise<TextLayer> => {
      try {
        await loadFont(fontOf(layer), layer.text);
      } catch (error) {
        if (error instanceof FontLoadError) {
          setFontsFailed(true);
          void message.error(t('designs.errors.fontFailed'));
        }
      }
      stageRef.current?.repaint();
      return fitTextBox(layer, layer.bend === 0 ? canvasMeasure : approximateMeasure);
    },
    [message, t],
  );

  // Text layers already in the design: load their faces, then repaint.
  useEffect(() => {
    const texts = editor.layers.filter((l) => l.type === 'text');
    void Promise.resolve().then(() => texts.forEach((layer) => void withFont(layer)));
    // Only when the shown surface changes; edits load their own fonts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor.surfaceKey, editor.colorId]);

  const spec = editor.spec;
  /** A priced face by its surface's name in the interface language (issue 26). */
  const surfaceName = (face: { key: string; name: string }) => {
    const surface = product.surfaces.find((s) => s.key === face.key);
    return surface ? catalogName(surface, currentLanguage()) : face.name;
  };
  const colour = product.colors.find((c) => c.id === editor.colorId) ?? null;
  const catalogSurface = product.surfaces.find((s) => s.key === editor.surfaceKey) ?? product.surfaces[0]!;
  const mockupUrl = catalogSurface.mockups.find((m) => m.color_id === editor.colorId)?.image.url ?? null;
  const stageSurface = useMemo<StageSurface | null>(
    () =>
      spec
        ? {
            spec,
            scale: catalogSurface.scale,
            printArea: catalogSurface.print_area,
            template: catalogSurface.template,
            mockupUrl,
            colorHex: colour?.hex ?? '#ffffff',
            blend: catalogSurface.blend,
          }
        : null,
    [spec, catalogSurface, mockupUrl, colour?.hex],
  );

  const addDrawnPolygon = (points: Point[]) => {
    const shape = polygonFromPoints(points);
    if (!shape) {
      void message.warning(t('designs.draw.tooSmall'));
      return;
    }
    editor.add(makeLayer({ ...common(), type: 'polygon', fill: '#1677ff', ...shape }));
  };

  const events = useMemo<StageEvents>(
    () => ({
      onGeometry: (patches) => editor.applyGeometry(patches),
      onSelection: (ids) => editor.setSelectedIds(ids),
      onLiveDpi: setLiveDpi,
      onZoom: setZoom,
      onCrop: (candidate) => {
        setCropping((c) => (c && c.start.id === candidate.id ? { ...c, candidate } : c));
        const dpi = spec ? layerDpi(candidate, spec.dpi) : null;
        setLiveDpi(
          spec && dpi !== null ? { id: candidate.id, dpi, level: dpiLevel(dpi, spec.min_dpi) } : null,
        );
      },
      onPolygonDraft: (draft) => {
        if (draft?.isClosed) addDrawnPolygon(draft.points);
        setDrawing(draft && !draft.isClosed ? draft.points.length : null);
      },
    }),
    // addDrawnPolygon reads the editor and the spec, which are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, spec],
  );

  // ---- Crop mode and polygon drawing --------------------------------------------------------------
  const startCrop = (layer: ImageLayer) => {
    const stage = requireStage();
    if (!stage || layer.locked) return;
    setCropping({ start: layer, candidate: layer });
    stage.startCrop(layer);
  };
  const endCrop = (isApplied: boolean) => {
    if (!cropping) return;
    stageRef.current?.endCrop();
    const { start, candidate } = cropping;
    setCropping(null);
    setLiveDpi(null);
    // One history step: the box, the crop and the blur that scales with the box.
    if (isApplied)
      editor.patchLayer(start.id, (l) =>
        l.type === 'image'
          ? {
              ...l,
              x: candidate.x,
              y: candidate.y,
              width: candidate.width,
              height: candidate.height,
              crop: candidate.crop,
              filters: candidate.filters,
            }
          : l,
      );
    editor.setSelectedIds([start.id]);
  };
  /** Undo, redo, another colour or surface: crop mode and drawing end without a result. */
  const leaveModes = () => {
    stageRef.current?.cancelMode();
    setCropping(null);
    setLiveDpi(null);
  };
  // Crop mode holds only while the layer shown is the one it started from.
  const shownCropLayer = cropping ? editor.layers.find((l) => l.id === cropping.start.id) : undefined;
  const activeCrop = cropping && shownCropLayer === cropping.start ? cropping : null;
  useEffect(() => {
    if (!activeCrop) stageRef.current?.endCrop();
  }, [activeCrop]);
  const startPolygon = () => {
    const stage = requireStage();
    if (!stage) return;
    if (cropping) endCrop(false);
    stage.startPolygon();
  };

  const selected = editor.layers.filter((l) => editor.selectedIds.includes(l.id));
  const single = selected.length === 1 ? selected[0]! : null;

  // ---- Adding layers -------------------------------------------------------------------------------
  const common = (name = '') => ({ id: newLayerId(), name });
  const addText = async (bend: number) => {
    if (!requireStage() || !spec) return;
    const size = Math.round(spec.height / 12);
    const base = makeLayer({
      ...common(),
      type: 'text',
      text: t('designs.add.defaultText'),
      font_family: DESIGN_DEFAULT_FONT,
      font_size: size,
      color: '#1f1f1f',
      align: 'center',
      bend,
      ...centredBox(spec, size * 6, size * 1.2),
    }) as TextLayer;
    editor.add(await withFont(base));
  };
  const imageLayer = (
    source: { kind: 'material' | 'attachment'; id: string },
    width: number,
    height: number,
    name: string,
    at?: { x: number; y: number },
  ) => {
    if (!spec) return null;
    const box = fittedImageBox(spec, { width, height });
    if (at) Object.assign(box, { x: at.x - box.width / 2, y: at.y - box.height / 2 });
    return makeLayer({
      ...common(name),
      type: 'image',
      source,
      natural_width: width,
      natural_height: height,
      ...box,
    });
  };
  const addMaterial = (m: LibraryMaterial, at?: { x: number; y: number }) => {
    if (!requireStage()) return;
    if (!m.is_usable || !m.width || !m.height) {
      void message.error(t('designs.errors.noMaterial'));
      return;
    }
    const source = { kind: 'material' as const, id: m.id };
    assets.register(source, m.image_url);
    const layer = imageLayer(source, m.width, m.height, m.name, at);
    if (layer) editor.add(layer);
  };
  const upload = async (file: File, kind: 'image' | 'svg') => {
    if (!requireStage() || !spec) return;
    setUploading(true);
    try {
      const attachment = await uploadFile(file, { topic: 'design' });
      const source = { kind: 'attachment' as const, id: attachment.id };
      assets.register(source, attachment.url);
      const isSvg = kind === 'svg' || attachment.mime_type === 'image/svg+xml';
      const width = attachment.width ?? 512;
      const height = attachment.height ?? 512;
      if (isSvg) {
        const box = fittedImageBox(spec, { width, height }, 0.5);
        editor.add(
          makeLayer({
            ...common(attachment.name),
            type: 'svg',
            source,
            natural_width: width,
            natural_height: height,
            ...box,
          }),
        );
      } else {
        const layer = imageLayer(source, width, height, attachment.name);
        if (layer) editor.add(layer);
      }
    } catch {
      // The upload helper has shown the refusal (type, size, incomplete).
    } finally {
      setUploading(false);
    }
  };
  const addShape = (type: 'rectangle' | 'ellipse' | 'triangle' | 'polygon') => {
    if (!requireStage() || !spec) return;
    const side = Math.min(spec.width, spec.height) / 3;
    const box = centredBox(spec, side, side);
    const fill = '#1677ff';
    if (type === 'polygon')
      editor.add(makeLayer({ ...common(), type, fill, points: regularPolygonPoints(6), ...box }));
    else editor.add(makeLayer({ ...common(), type, fill, ...box }));
  };
  const addWatermark = () => {
    if (!requireStage() || !spec) return;
    const size = Math.round(spec.height / 30);
    editor.add(
      makeLayer({
        ...common(),
        type: 'watermark',
        x: 0,
        y: 0,
        width: spec.width,
        height: spec.height,
        opacity: 0.3,
        content: {
          kind: 'text',
          text: 'SAMPLE',
          font_family: DESIGN_DEFAULT_FONT,
          font_size: size,
          color: '#000000',
        },
        mark_width: size * 6,
        mark_height: size * 2,
        spacing_x: size * 2,
        spacing_y: size * 2,
        angle: -30,
      }),
    );
    void loadFont({ family: DESIGN_DEFAULT_FONT, size: 16, weight: 400, italic: false }, 'SAMPLE').then(() =>
      stageRef.current?.repaint(),
    );
  };
  const addTiling = (material: LibraryMaterial | null) => {
    if (!requireStage() || !spec) return;
    const image = single?.type === 'image' ? single : null;
    const source = image?.source ?? (material ? { kind: 'material' as const, id: material.id } : null);
    const natural = image
      ? { width: image.natural_width, height: image.natural_height }
      : material
        ? { width: material.width, height: material.height }
        : null;
    if (!source || !natural) {
      void message.warning(t('designs.errors.noMaterial'));
      return;
    }
    if (material && !image) assets.register(source, material.image_url);
    const tileWidth = spec.width / 5;
    editor.add(
      makeLayer({
        ...common(),
        type: 'tiling',
        source,
        natural_width: natural.width,
        natural_height: natural.height,
        x: 0,
        y: 0,
        width: spec.width,
        height: spec.height,
        tile_width: tileWidth,
        tile_height: (tileWidth * natural.height) / natural.width,
        spacing_x: tileWidth / 5,
        spacing_y: tileWidth / 5,
      }),
    );
  };
  const addActions: AddActions = {
    addText: (bend) => void addText(bend),
    addMaterial: (m) => addMaterial(m),
    uploadImage: (file) => void upload(file, 'image'),
    importSvg: (file) => void upload(file, 'svg'),
    addShape,
    addWatermark,
    addTiling,
    drawPolygon: startPolygon,
  };

  const onText = (patch: (layer: TextLayer) => TextLayer) => {
    if (!single || single.type !== 'text') return;
    const next = patch(single);
    const measured = fitTextBox(next, next.bend === 0 ? canvasMeasure : approximateMeasure);
    editor.patchLayer(single.id, () => measured);
    void withFont(next).then((refit) => {
      if (refit.width !== measured.width || refit.height !== measured.height)
        editor.patchLayer(single.id, (l) =>
          l.type === 'text' ? { ...l, x: refit.x, y: refit.y, width: refit.width, height: refit.height } : l,
        );
    });
  };

  // ---- Keyboard -------------------------------------------------------------------------------------
  const onCropKey = useRef(endCrop);
  useEffect(() => {
    onCropKey.current = endCrop;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))
        return;
      const mod = e.ctrlKey || e.metaKey;
      const step = (e.shiftKey ? 10 : 1) / Math.max(1e-6, stageRef.current?.canvas.getZoom() ?? 1);
      if (e.key === ' ') stageRef.current?.setSpaceDown(e.type === 'keydown');
      if (e.type !== 'keydown') return;
      // While cropping or drawing, only the mode's own keys count.
      const mode = stageRef.current?.modeKind ?? 'edit';
      if (mode === 'polygon') {
        if (e.key === 'Enter' || e.key === 'Escape' || e.key === 'Backspace') {
          stageRef.current?.polygonKey(e.key);
          e.preventDefault();
        }
        return;
      }
      if (mode === 'crop') {
        if (e.key === 'Enter' || e.key === 'Escape') {
          onCropKey.current(e.key === 'Enter');
          e.preventDefault();
        }
        return;
      }
      const handled = (() => {
        if (mod && e.key.toLowerCase() === 'z') return (e.shiftKey ? editor.redo() : editor.undo(), true);
        if (mod && e.key.toLowerCase() === 'y') return (editor.redo(), true);
        if (mod && e.key.toLowerCase() === 'c') return (editor.copySelected(), true);
        if (mod && e.key.toLowerCase() === 'v') return (editor.paste(), true);
        if (e.key === 'Delete' || e.key === 'Backspace') return (editor.removeSelected(), true);
        if (e.key === 'ArrowLeft') return (editor.nudge(-step, 0), true);
        if (e.key === 'ArrowRight') return (editor.nudge(step, 0), true);
        if (e.key === 'ArrowUp') return (editor.nudge(0, -step), true);
        if (e.key === 'ArrowDown') return (editor.nudge(0, step), true);
        return false;
      })();
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [editor]);

  // ---- Batch and files ------------------------------------------------------------------------------
  const copyTo = (target: 'surfaces' | 'colours') => {
    if (selected.length === 0) {
      void message.warning(t('designs.editor.selectFirst'));
      return;
    }
    try {
      if (target === 'surfaces') editor.copyToSurfaces();
      else editor.copyToColours();
      void message.success(t('designs.editor.copied'));
    } catch {
      void message.error(t('designs.editor.copyFailed'));
    }
  };
  const [replace, setReplace] = useState<{ open: boolean; search: string; by: string }>({
    open: false,
    search: '',
    by: '',
  });
  const exportJson = () => {
    const blob = new Blob([JSON.stringify(editor.doc, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `design-${product.style_code || product.id}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const importJson = async (file: File) => {
    try {
      editor.importDocument(JSON.parse(await file.text()));
      void message.success(t('designs.editor.imported'));
    } catch (error) {
      void message.error(
        t(
          error instanceof WrongProductError
            ? 'designs.editor.importWrongProduct'
            : 'designs.editor.importInvalid',
        ),
      );
    }
  };
  const exportPng = () => {
    const stage = requireStage();
    const url = stage?.exportPng();
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${editor.surfaceKey}.png`;
    link.click();
  };

  const [saveOpen, setSaveOpen] = useState(false);
  const queryClient = useQueryClient();
  /**
   * Saving an order line's personalised design (decision 0053): the same checks as a finished
   * product (blocking findings, blurry images confirmed), then the line's design is replaced, its
   * review flag cleared and its files rendered again.
   */
  const savingPersonalised = useRef(false);
  const savePersonalised = async () => {
    // One save at a time: a second click while checking, confirming or sending is ignored.
    if (!personalised || savingPersonalised.current) return;
    savingPersonalised.current = true;
    try {
      await savePersonalisedOnce(personalised);
    } finally {
      savingPersonalised.current = false;
    }
  };
  const savePersonalisedOnce = async ({ orderNo, line }: NonNullable<typeof personalised>) => {
    let doc: DesignDocument;
    try {
      doc = checkedDocument(editor.docs[line.color_id ?? editor.colorId] ?? editor.doc);
    } catch {
      void message.error(t('designs.save.invalid'));
      return;
    }
    const findings = validateDesign(doc, editor.specs);
    const errors = saveBlockers(findings, { confirmedBlurry: true });
    if (errors.length > 0) {
      void message.error(t('designs.save.blocked', { count: errors.length }));
      return;
    }
    const red = findings.filter((f) => f.severity === 'confirm');
    let confirmed = false;
    if (red.length > 0) {
      confirmed = await modal.confirm({
        title: t('designs.save.blurryTitle'),
        content: t('designs.save.blurryText', {
          count: red.length,
          min: [...new Set(red.flatMap((f) => (f.code === 'dpi' ? [f.min_dpi] : [])))].join('/'),
        }),
        okText: t('designs.save.blurryOk'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-blurry' },
      });
      if (!confirmed) return;
    }
    setSaving(true);
    try {
      await saveLinePersonalisation(orderNo, line.line_id, doc, confirmed);
      editor.markSaved();
      dropDraft(draftStore);
      await queryClient.invalidateQueries();
      const back = `${PATHS.adminOrderDetail}?order_no=${encodeURIComponent(orderNo)}`;
      modal.success({
        title: <span data-testid="save-done">{t('designs.personalised.saved')}</span>,
        okText: t('designs.personalised.back'),
        onOk: () => void navigate(back),
      });
    } catch (error) {
      // The client shows an API failure's message itself: only other failures are shown here.
      if (!(error instanceof ApiError)) void message.error(t('designs.save.failed'));
    } finally {
      setSaving(false);
    }
  };
  const designedColours = Object.values(editor.docs)
    .filter((d) => Object.values(d.surfaces).some((s) => s.layers.length > 0))
    .map((d) => d.color_id);

  const layerFinding = editor.findings.filter((f) => f.severity === 'error');

  return (
    <Layout style={{ height: '100vh' }} data-testid="design-editor">
      <Layout.Header
        style={{
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          padding: '0 12px',
          height: 56,
          lineHeight: '56px',
        }}
      >
        <Flex align="center" gap={8} style={{ height: '100%' }}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            data-testid="editor-back"
            onClick={() => void navigate(FINISHED_LIST_PATH)}
            aria-label={t('designs.editor.backToList')}
          />
          <Typography.Text strong ellipsis style={{ maxWidth: 200 }}>
            {finished ? `${finished.name} · ` : ''}
            {personalised ? `${t('designs.personalised.title', { order: personalised.orderNo })} · ` : ''}
            {catalogName(product, currentLanguage())}
          </Typography.Text>
          <Flex gap={4} data-testid="color-picker">
            {product.colors.map((c) => (
              <Hint key={c.id} title={catalogName(c, currentLanguage())}>
                <button
                  type="button"
                  data-testid="color-swatch"
                  aria-pressed={c.id === editor.colorId}
                  onClick={() => {
                    leaveModes();
                    editor.setColorId(c.id);
                  }}
                  style={{
                    width: 22,
                    height: 22,
                    borderRadius: '50%',
                    background: c.hex,
                    cursor: 'pointer',
                    border: c.id === editor.colorId ? '2px solid #1677ff' : '1px solid #d9d9d9',
                    outline: designedColours.includes(c.id) ? '2px dotted #52c41a' : undefined,
                  }}
                />
              </Hint>
            ))}
          </Flex>
          <Segmented
            data-testid="surface-picker"
            value={editor.surfaceKey}
            onChange={(key) => {
              leaveModes();
              editor.setSurfaceKey(String(key));
            }}
            options={product.surfaces.map((s) => ({
              value: s.key,
              label: (
                <span data-testid={`surface-${s.key}`}>
                  {catalogName(s, currentLanguage())}
                  {(editor.doc.surfaces[s.key]?.layers.length ?? 0) > 0 && (
                    <Tag style={{ marginInlineStart: 4 }}>{editor.doc.surfaces[s.key]!.layers.length}</Tag>
                  )}
                </span>
              ),
            }))}
          />
          <Space.Compact>
            <Hint title={t('designs.editor.undo')}>
              <Button
                icon={<UndoOutlined />}
                disabled={!editor.canUndo}
                onClick={() => {
                  leaveModes();
                  editor.undo();
                }}
                data-testid="undo"
              />
            </Hint>
            <Hint title={t('designs.editor.redo')}>
              <Button
                icon={<RedoOutlined />}
                disabled={!editor.canRedo}
                onClick={() => {
                  leaveModes();
                  editor.redo();
                }}
                data-testid="redo"
              />
            </Hint>
          </Space.Compact>
          <Space.Compact>
            <Button
              icon={<ZoomOutOutlined />}
              onClick={() => stageRef.current?.zoomBy(1 / 1.2)}
              aria-label={t('designs.editor.zoomOut')}
            />
            <Button onClick={() => stageRef.current?.fit()} icon={<ExpandOutlined />}>
              {Math.round(zoom * 100)}%
            </Button>
            <Button
              icon={<ZoomInOutlined />}
              onClick={() => stageRef.current?.zoomBy(1.2)}
              aria-label={t('designs.editor.zoomIn')}
            />
          </Space.Compact>
          <Dropdown
            menu={{
              items: [
                { key: 'surfaces', label: t('designs.editor.copyToSurfaces') },
                { key: 'colours', label: t('designs.editor.copyToColours') },
              ],
              onClick: ({ key }) => copyTo(key as 'surfaces' | 'colours'),
            }}
          >
            <Button icon={<CopyOutlined />} data-testid="copy-to-all">
              {t('designs.editor.copyToAll')}
            </Button>
          </Dropdown>
          <Button onClick={() => setReplace({ open: true, search: '', by: '' })} data-testid="replace-text">
            {t('designs.editor.replaceText')}
          </Button>
          <Dropdown
            menu={{
              items: [
                { key: 'export', label: t('designs.editor.exportJson') },
                { key: 'import', label: t('designs.editor.importJson') },
                { key: 'png', label: t('designs.editor.exportPng') },
              ],
              onClick: ({ key }) =>
                key === 'export' ? exportJson() : key === 'png' ? exportPng() : jsonInput.current?.click(),
            }}
          >
            <Button icon={<DownloadOutlined />} data-testid="editor-file">
              {t('designs.editor.file')}
            </Button>
          </Dropdown>
          <input
            ref={jsonInput}
            type="file"
            hidden
            accept="application/json,.json"
            data-testid="import-json-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importJson(file);
              e.target.value = '';
            }}
          />
          <div style={{ flex: 1 }} />
          {editor.price && (
            <Hint
              title={
                <div data-testid="price-breakdown">
                  <div>
                    {t('designs.price.base')}: {formatMoney(editor.price.base, editor.price.currency)}
                  </div>
                  {editor.price.faces.map((f) => (
                    <div key={f.key}>
                      {surfaceName(f)}: {formatMoney(f.print_price, editor.price!.currency)}
                    </div>
                  ))}
                </div>
              }
            >
              <Typography.Text data-testid="price-preview">
                {t('designs.price.unit')}:{' '}
                <strong>{formatMoney(editor.price.unit, editor.price.currency)}</strong>
                <Typography.Text type="secondary" style={{ marginInlineStart: 4 }}>
                  ({t('designs.price.faces', { count: editor.price.faces.length })})
                </Typography.Text>
              </Typography.Text>
            </Hint>
          )}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            data-testid="design-save"
            onClick={() => (personalised ? void savePersonalised() : setSaveOpen(true))}
          >
            {t('designs.editor.save')}
          </Button>
        </Flex>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={260}
          theme="light"
          style={{ padding: 12, overflow: 'auto', borderInlineEnd: '1px solid #f0f0f0' }}
        >
          <AddPanel
            actions={{ ...addActions, addMaterial: (m) => addMaterial(m) }}
            uploading={uploading}
            isDrawing={drawing !== null}
          />
        </Layout.Sider>
        <Layout.Content style={{ position: 'relative' }}>
          <EditorCanvas
            assets={assets}
            surface={stageSurface}
            layers={editor.layers}
            selectedIds={editor.selectedIds}
            events={events}
            onStage={onStage}
            onDropData={(data, at) => {
              try {
                addMaterial(JSON.parse(data) as LibraryMaterial, at);
              } catch {
                void message.error(t('designs.errors.noMaterial'));
              }
            }}
          />
          <Flex gap={8} style={{ position: 'absolute', left: 12, bottom: 12, pointerEvents: 'none' }}>
            <Tag color="blue">{t('designs.guides.print')}</Tag>
            <Tag color="red">{t('designs.guides.bleed')}</Tag>
            <Tag color="green">{t('designs.guides.safe')}</Tag>
            {spec && (
              <Tag data-testid="surface-size">
                {t('designs.guides.surfaceSize', {
                  width: spec.width,
                  height: spec.height,
                  dpi: spec.dpi,
                  min: spec.min_dpi,
                })}
              </Tag>
            )}
            {fontsFailed && <Tag color="error">{t('designs.errors.fontFailed')}</Tag>}
            {!stageReady && <Tag>{t('designs.editor.starting')}</Tag>}
          </Flex>
          {drawing !== null && (
            <Flex
              gap={8}
              align="center"
              data-testid="polygon-drawing"
              data-points={drawing}
              style={{
                position: 'absolute',
                top: 12,
                left: '50%',
                transform: 'translateX(-50%)',
                background: '#fff',
                padding: '4px 12px',
                borderRadius: 6,
                boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
              }}
            >
              <Typography.Text>{t('designs.draw.hint')}</Typography.Text>
              <Tag>{t('designs.draw.points', { count: drawing })}</Tag>
              <Button
                size="small"
                onClick={() => stageRef.current?.polygonKey('Enter')}
                disabled={drawing < 3}
              >
                {t('designs.draw.finish')}
              </Button>
              <Button size="small" onClick={() => stageRef.current?.polygonKey('Escape')}>
                {t('designs.draw.cancel')}
              </Button>
            </Flex>
          )}
        </Layout.Content>
        <Layout.Sider
          width={300}
          theme="light"
          style={{ padding: 12, overflow: 'auto', borderInlineStart: '1px solid #f0f0f0' }}
        >
          <Typography.Text strong>{t('designs.layers.title')}</Typography.Text>
          <LayersPanel editor={editor} liveDpi={liveDpi} />
          {layerFinding.length > 0 && (
            <Typography.Text type="danger" data-testid="design-errors">
              {t('designs.editor.outsidePrintArea', { count: layerFinding.length })}
            </Typography.Text>
          )}
          {activeCrop && spec ? (
            <>
              <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
                {t('designs.crop.title')}
              </Typography.Text>
              <CropPanel
                layer={activeCrop.candidate}
                spec={spec}
                onCrop={(crop) => stageRef.current?.setCrop(crop)}
                onApply={() => endCrop(true)}
                onCancel={() => endCrop(false)}
              />
            </>
          ) : (
            single && (
              <>
                <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
                  {t('designs.props.title')}
                </Typography.Text>
                <PropertiesPanel
                  layer={single}
                  onPatch={(patch) => editor.patchLayer(single.id, patch)}
                  onText={onText}
                  onCrop={() => single.type === 'image' && startCrop(single)}
                />
              </>
            )
          )}
        </Layout.Sider>
      </Layout>
      <Modal
        open={replace.open}
        title={t('designs.editor.replaceText')}
        onCancel={() => setReplace((r) => ({ ...r, open: false }))}
        okButtonProps={{ disabled: replace.search === '' }}
        onOk={() => {
          const count = editor.replaceText(replace.search, replace.by);
          void message.info(t('designs.editor.replaced', { count }));
          setReplace((r) => ({ ...r, open: false }));
        }}
      >
        <Flex vertical gap={8}>
          <Input
            placeholder={t('designs.editor.find')}
            value={replace.search}
            onChange={(e) => setReplace((r) => ({ ...r, search: e.target.value }))}
          />
          <Input
            placeholder={t('designs.editor.replaceWith')}
            value={replace.by}
            onChange={(e) => setReplace((r) => ({ ...r, by: e.target.value }))}
          />
        </Flex>
      </Modal>
      {saveOpen && (
        <SaveDialog
          editor={editor}
          finished={finished}
          designedColours={designedColours}
          onClose={() => setSaveOpen(false)}
          onSaving={setSaving}
          onSaved={(reply) => {
            setSaveOpen(false);
            editor.markSaved();
            dropDraft(draftStore);
            modal.success({
              title: (
                <span data-testid="save-done">{t('designs.save.done', { code: reply.finished.code })}</span>
              ),
              okText: t('designs.save.toList'),
              onOk: () => void navigate(FINISHED_LIST_PATH),
            });
          }}
        />
      )}
    </Layout>
  );
}
