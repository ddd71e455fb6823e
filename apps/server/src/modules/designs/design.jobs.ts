import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  catalogName,
  DESIGN_API_LIMITS,
  DESIGN_JOBS,
  type designBatchSchema,
  type Language,
} from '@pod/shared';
import {
  designedSurfaceKeys,
  fitDesignToProduct,
  loadDesignDocument,
  mapSurfacesByRole,
  type DesignDocument,
  type SurfaceSpec,
} from '@pod/design';
import { finishedProducts, type StoredRender } from './schema.ts';
import { prepareFonts } from '../../platform/fonts/fonts.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { findAttachments } from '../admin/index.ts';
import { loadRefs } from '../catalog/index.ts';
import { usableMaterials } from '../materials/index.ts';
import { checkDesign, designedFaces, specsOf, type MerchantScope } from './design-check.ts';
import { insertFinished, productsOf, type FinishedInput } from './finished.service.ts';
import {
  assetKey,
  configureRenderer,
  dataUri,
  embeddableMime,
  neededAssets,
  readStored,
  renderMockup,
  renderPrintFile,
  type AssetMap,
} from './render.ts';

export interface RenderJobData {
  tenant_id: string;
  merchant_id: string;
  finished_id: string;
}

export interface BatchJobData {
  tenant_id: string;
  merchant_id: string;
  actor_id: string;
  /** The requester's language: `message` of each failure is in it (`messages` holds both). */
  language: Language;
  batch: z.output<typeof designBatchSchema>;
}

/** Loads every asset the documents show, as data URIs, checking the merchant may still use them. */
export async function loadAssets(
  services: AppServices,
  m: MerchantScope,
  docs: readonly DesignDocument[],
): Promise<AssetMap> {
  const db = services.database.db;
  const refs = neededAssets(docs);
  const out: AssetMap = new Map();
  const materials = await usableMaterials(
    db,
    m,
    refs.filter((r) => r.kind === 'material').map((r) => r.id),
  );
  const attachments = await findAttachments(
    db,
    m,
    refs.filter((r) => r.kind === 'attachment').map((r) => r.id),
    { imagesOnly: true },
  );
  const sources = [
    ...materials.map((r) => ({ key: `material:${r.id}`, storageKey: r.storageKey, type: r.format })),
    ...attachments.map((r) => ({ key: `attachment:${r.id}`, storageKey: r.storageKey, type: r.mimeType })),
  ];
  for (const s of sources) {
    const mime = embeddableMime(s.type);
    if (!mime) throw new Error(`${s.key} is not an embeddable image (${s.type})`);
    out.set(s.key, dataUri(mime, await readStored(services.storage, s.storageKey)));
  }
  for (const ref of refs) if (!out.has(assetKey(ref))) throw new Error(`asset ${assetKey(ref)} missing`);
  return out;
}

/**
 * Renders one finished product: per colour, per designed surface, the print file, the mockup and
 * its thumbnail. Progress goes to the job; the row gets the files, `done` and one more render, or
 * `failed` with the reason (the job retries; the render route queues a new one). A render whose
 * documents were replaced meanwhile (edit again) is dropped: the newer job writes.
 */
export async function renderFinished(
  services: AppServices,
  data: RenderJobData,
  progress: (percent: number) => Promise<void>,
): Promise<{ finished_id: string; files: number }> {
  const db = services.database.db;
  const m = { tenantId: data.tenant_id, merchantId: data.merchant_id };
  const where = and(
    eq(finishedProducts.id, data.finished_id),
    eq(finishedProducts.tenantId, m.tenantId),
    isNull(finishedProducts.deletedAt),
  );
  const [row] = await db.select().from(finishedProducts).where(where);
  if (!row) return { finished_id: data.finished_id, files: 0 };
  await db.update(finishedProducts).set({ renderStatus: 'rendering' }).where(where);
  try {
    const docs = row.documents.map((d) => loadDesignDocument(d));
    const renders = await renderDocuments(services, m, row.productId, docs, progress);
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(finishedProducts).where(where).for('update');
      if (!current || JSON.stringify(current.documents) !== JSON.stringify(row.documents)) return;
      await tx
        .update(finishedProducts)
        .set({
          renders,
          renderStatus: 'done',
          renderError: null,
          renderCount: current.renderCount + 1,
        })
        .where(where);
    });
    return { finished_id: row.id, files: renders.length * 3 };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(finishedProducts)
      .set({ renderStatus: 'failed', renderError: message.slice(0, 500) })
      .where(where);
    throw error;
  }
}

/**
 * Renders design documents of a product with the finished products' renderer: per document
 * (colour), per designed surface, the print file, the mockup and its thumbnail, stored; progress
 * 0–100 over all of them. Personalised order lines (decision 0053) render through this too.
 */
export async function renderDocuments(
  services: AppServices,
  m: MerchantScope,
  productId: string,
  docs: readonly DesignDocument[],
  progress: (percent: number) => Promise<void> = () => Promise.resolve(),
): Promise<StoredRender[]> {
  const db = services.database.db;
  prepareFonts(services.config.dataDir);
  const [product] = await productsOf(db, m.tenantId, [productId]);
  if (!product) throw new Error('the product no longer exists');
  const refs = await loadRefs(db, m.tenantId, [product]);
  const assets = await loadAssets(services, m, docs);
  const specs = specsOf(product);
  const work: Array<{ doc: DesignDocument; spec: SurfaceSpec }> = [];
  for (const doc of docs)
    for (const key of designedFaces([doc], product)) {
      const spec = specs.find((s) => s.code === key);
      if (spec) work.push({ doc, spec });
    }
  const renders: StoredRender[] = [];
  for (const [i, { doc, spec }] of work.entries()) {
    const surface = product.surfaces.find((s) => s.key === spec.code)!;
    const print = await renderPrintFile(doc, spec, assets);
    const printFile = await services.storage.put(Readable.from(print), { extension: 'png' });
    const mockupImage = surface.mockups.find((x) => x.color_id === doc.color_id)?.image;
    const template = mockupImage ? await readStored(services.storage, mockupImage.key) : null;
    const mask = surface.mask ? await readStored(services.storage, surface.mask.key) : null;
    const { mockup, thumb } = await renderMockup(
      print,
      surface,
      template,
      refs.colors.get(doc.color_id)?.hex ?? '#ffffff',
      mask,
    );
    const [mockupFile, thumbFile] = await Promise.all([
      services.storage.put(Readable.from(mockup), { extension: 'webp' }),
      services.storage.put(Readable.from(thumb), { extension: 'webp' }),
    ]);
    renders.push({
      color_id: doc.color_id,
      surface_key: spec.code,
      print_key: printFile.key,
      mockup_key: mockupFile.key,
      thumb_key: thumbFile.key,
      width: spec.width,
      height: spec.height,
      dpi: spec.dpi,
    });
    await progress(((i + 1) / work.length) * 100);
  }
  return renders;
}

/** Queues a render of a finished product; null when this process runs no job queue. */
export async function queueRender(
  services: AppServices,
  m: MerchantScope,
  finishedId: string,
  actorId: string,
): Promise<string | null> {
  if (!services.jobs.isStarted) return null;
  const jobId = await services.jobs.enqueue<RenderJobData>(
    DESIGN_JOBS.render,
    { tenant_id: m.tenantId, merchant_id: m.merchantId, finished_id: finishedId },
    { tenantId: m.tenantId, merchantId: m.merchantId, createdBy: actorId },
  );
  await services.database.db
    .update(finishedProducts)
    .set({ renderJobId: jobId })
    .where(eq(finishedProducts.id, finishedId));
  return jobId;
}

/** A batch target that cannot be made, with its reason as a message key (told in both languages). */
class BatchFailure extends Error {
  constructor(
    readonly key: string,
    readonly params: (lang: Language) => Record<string, string | number>,
  ) {
    super(key);
    this.name = 'BatchFailure';
  }
}

type ProductRow = Awaited<ReturnType<typeof productsOf>>[number];

const surfaceName = (product: ProductRow, key: string, lang: Language) => {
  const s = product.surfaces.find((x) => x.key === key);
  return (s && catalogName(s, lang)) || key;
};
const productName = (product: ProductRow, lang: Language) =>
  catalogName({ name: product.name, en_name: product.enName }, lang) || product.styleCode;
const listIn = (lang: Language) => (names: string[]) => names.join(lang === 'en' ? ', ' : '、');

/**
 * Which target surface each designed surface goes to (issue 26, decision 0073): the merchant's own
 * choice (`surface_map`) where given, else by role (front, back, wrap). A surface with several
 * candidates and no choice, a choice naming no surface of the product, or nothing placed at all is
 * the target's failure, with its reason.
 */
function surfaceMapFor(
  source: DesignDocument,
  sourceProduct: ProductRow,
  product: ProductRow,
  chosen: Readonly<Record<string, string>> | undefined,
): { map: Record<string, string>; skipped: string[] } {
  const designed = designedSurfaceKeys(source);
  const roleSurface = (p: ProductRow, key: string) => ({
    key,
    kind: p.surfaces.find((s) => s.key === key)?.kind,
  });
  for (const to of Object.values(chosen ?? {}))
    if (!product.surfaces.some((s) => s.key === to))
      throw new BatchFailure('design.batchUnknownSurface', (lang) => ({
        surface: to,
        product: productName(product, lang),
      }));
  const pinned = Object.fromEntries(Object.entries(chosen ?? {}).filter(([from]) => designed.includes(from)));
  const taken = new Set(Object.values(pinned));
  const auto = mapSurfacesByRole(
    designed.filter((k) => !(k in pinned)).map((k) => roleSurface(sourceProduct, k)),
    product.surfaces.filter((s) => !taken.has(s.key)).map((s) => ({ key: s.key, kind: s.kind })),
  );
  if (auto.ambiguous.length > 0) {
    const first = auto.ambiguous[0]!;
    throw new BatchFailure('design.batchChooseSurface', (lang) => ({
      surface: surfaceName(sourceProduct, first.source, lang),
      candidates: listIn(lang)(first.candidates.map((k) => surfaceName(product, k, lang))),
    }));
  }
  const map = { ...pinned, ...auto.map };
  if (Object.keys(map).length === 0)
    throw new BatchFailure('design.batchNoSurface', (lang) => ({
      designed: listIn(lang)(designed.map((k) => surfaceName(sourceProduct, k, lang))),
      available: listIn(lang)(product.surfaces.map((s) => surfaceName(product, s.key, lang))),
    }));
  return { map, skipped: auto.skipped };
}

/** A failure's reason in both languages (the job's result is read later, in either). */
function failureMessages(error: unknown): Record<Language, string> {
  const inLang = (lang: Language) =>
    error instanceof BatchFailure
      ? t(lang, error.key, error.params(lang))
      : error instanceof AppError
        ? t(lang, error.key, error.params)
        : t(lang, 'design.batchUnexpected', {
            reason: error instanceof Error ? error.message : String(error),
          });
  return { 'zh-cn': inLang('zh-cn'), en: inLang('en') };
}

/**
 * Batch design: the document fitted to each target product (`fitDesignToProduct`, surfaces mapped
 * by role or by the merchant's choice), checked like a save, one finished product per product,
 * rendered in the same job. Progress covers every product. A target that fails is reported with
 * its reason in both languages and the others go on.
 */
async function runBatch(
  services: AppServices,
  data: BatchJobData,
  progress: (percent: number) => Promise<void>,
) {
  const db = services.database.db;
  const m = { tenantId: data.tenant_id, merchantId: data.merchant_id };
  const { batch } = data;
  const source = loadDesignDocument(batch.document);
  const [sourceProduct] = await productsOf(db, m.tenantId, [source.product_id]);
  if (!sourceProduct) throw new Error('the source product no longer exists');
  const fromSpecs = specsOf(sourceProduct);
  const result = {
    created: [] as Array<{ product_id: string; finished_id: string; code: string }>,
    failed: [] as Array<{ product_id: string; message: string; messages: Record<Language, string> }>,
    skipped_surfaces: [] as Array<{ product_id: string; surfaces: string[] }>,
  };
  const total = batch.targets.length;
  for (const [i, target] of batch.targets.entries()) {
    try {
      const [product] = await productsOf(db, m.tenantId, [target.product_id]);
      if (!product) throw AppError.notFound('catalog.productNotFound');
      const { map, skipped } = surfaceMapFor(source, sourceProduct, product, target.surface_map);
      const docs = target.color_ids.map(
        (color_id) =>
          fitDesignToProduct(source, {
            fromSpecs,
            to: { product_id: product.id, color_id, specs: specsOf(product) },
            surfaceMap: map,
          }).doc,
      );
      if (skipped.length) result.skipped_surfaces.push({ product_id: product.id, surfaces: skipped });
      const checked = await checkDesign(db, m, product.id, docs, {
        confirmedBlurry: batch.confirmed_blurry,
        sizeIds: [],
        prefix: 'document',
      });
      const input: FinishedInput = {
        name: `${batch.name} ${product.name}`.slice(0, DESIGN_API_LIMITS.nameLength),
        size_mode: 'default',
        size_ids: [],
        custom_sizes: [],
        group_id: batch.group_id,
      };
      const [row] = await insertFinished(db, m, data.actor_id, [{ checked, input }]);
      await renderFinished(services, { ...data, finished_id: row!.id }, async (p) =>
        progress(((i + p / 100) / total) * 100),
      );
      result.created.push({ product_id: product.id, finished_id: row!.id, code: row!.code });
    } catch (error) {
      const messages = failureMessages(error);
      result.failed.push({
        product_id: target.product_id,
        message: messages[data.language ?? 'zh-cn'],
        messages,
      });
    }
    await progress(((i + 1) / total) * 100);
  }
  return result;
}

/** Declares the design jobs (before the queue starts) and sets up the renderer. */
export function registerDesignJobs(services: AppServices): void {
  configureRenderer();
  services.jobs.define<RenderJobData>({
    name: DESIGN_JOBS.render,
    retryLimit: 2,
    retryDelaySeconds: 2,
    expireInSeconds: 30 * 60,
    handler: (run) => renderFinished(services, run.data, (p) => run.progress(p)),
  });
  services.jobs.define<BatchJobData>({
    name: DESIGN_JOBS.batch,
    // A batch is not retried as a whole: what it made is saved; failures are in its result.
    retryLimit: 0,
    expireInSeconds: 2 * 60 * 60,
    handler: (run) => runBatch(services, run.data, (p) => run.progress(p)),
  });
}
