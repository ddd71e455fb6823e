import { materialOperations } from '@pod/shared';
import { and, count, desc, eq, ilike, inArray, isNull, ne, not, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { materialUploadReplySchema } from '@pod/shared';
import { LIMITS, type LibraryMaterial } from '@pod/shared';
import { materials } from './schema.ts';
import { registerCrud } from '../../platform/crud/crud.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { UploadRejected } from '../../platform/uploads/inspect.ts';
import { receiveUpload } from '../../platform/uploads/receive.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import {
  groupReferences,
  policyFor,
  type AttachmentReferenceProvider,
  rejectionError,
} from '../admin/index.ts';
import { effectiveConfig } from '../site/index.ts';
import { materialCategoryResource } from './material-category.resource.ts';
import { storeMaterial } from './material-store.ts';
import { materialResource } from './material.resource.ts';
import {
  checkMaterialCategory,
  inLibrary,
  libraryOf,
  toMaterial,
  usableBy,
  visibleTo,
  type MaterialRow,
  type Viewer,
} from './material.service.ts';

type BatchReason = NonNullable<z.infer<typeof materialUploadReplySchema>['results'][number]['reason']>;

/** Materials that use an upload (the attachments page shows them and keeps them). */
export const materialAttachmentUses: AttachmentReferenceProvider = async (tx, ids) =>
  groupReferences(
    (
      await tx
        .select({ attachmentId: materials.attachmentId, id: materials.id, label: materials.name })
        .from(materials)
        .where(inArray(materials.attachmentId, ids))
    ).map((r) => ({ ...r, kind: 'material' })),
  );

export function materialRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  // Declared before the kit's `/:id` routes so these paths are not read as ids.
  registerLibraryRoutes(app, services);
  registerCrud(app, services.crud, adminContext, materialCategoryResource);
  registerCrud(app, services.crud, adminContext, materialResource(services.files));

  // ---- Batch upload (spec §5: jpg/jpeg/png, at most 50 files, 20 MB each) -----------------------
  route(app, materialOperations.materialUpload, async (request) => {
    const ctx = await adminContext(request, db);
    const library = libraryOf(ctx);
    const q = request.query;
    await checkMaterialCategory(db, library, q.category_id);
    const config = await effectiveConfig(db, ctx.scope.tenantId, services.config.siteName);
    const policy = policyFor('material', config);
    const received = await receiveUpload(request, () => policy, {
      tmpRoot: services.config.dataDir,
      maxFiles: LIMITS.materialUploadBatch,
    });
    try {
      // The whole batch is refused, before anything is stored, when it has too many files.
      if (received.isOverBatch)
        throw AppError.badRequest('upload.tooMany', { max: LIMITS.materialUploadBatch });
      if (!received.files.length) throw AppError.badRequest('upload.incomplete');
      const lang = request.ctx.lang;
      const results: z.infer<typeof materialUploadReplySchema>['results'] = [];
      for (const file of received.files) {
        try {
          if (!file.ok) throw file.error;
          const made = await storeMaterial(
            { db, storage: services.storage },
            library,
            ctx.actor.id,
            file,
            policy,
            {
              name: baseName(file.name),
              categoryId: q.category_id ?? null,
              type: q.type,
              visibility: q.visibility,
            },
          );
          results.push({
            name: file.name,
            ok: true,
            reason: null,
            message: null,
            material: toMaterial(made, services.files),
          });
        } catch (error) {
          const refusal = error instanceof UploadRejected ? rejectionError(error) : error;
          if (!(refusal instanceof AppError)) throw refusal;
          const reason: BatchReason =
            error instanceof UploadRejected ? error.reason : refusal.key.includes('quota') ? 'quota' : 'type';
          results.push({
            name: file.name,
            ok: false,
            reason,
            message: t(lang, refusal.key, refusal.params),
            material: null,
          });
        }
      }
      const accepted = results.filter((r) => r.ok).length;
      return ok({ results, accepted, refused: results.length - accepted });
    } finally {
      await received.cleanup();
    }
  });

  // ---- Official authorisation (spec §6) ------------------------------------------------------
  route(app, materialOperations.materialAuthorise, async (request) => {
    const ctx = await adminContext(request, db);
    if (ctx.scope.tier === 'merchant') throw AppError.forbidden();
    const [row] = await db
      .update(materials)
      .set({ isAuthorised: request.body.is_authorised })
      .where(and(eq(materials.id, request.params.id), inLibrary(materials, libraryOf(ctx))))
      .returning();
    if (!row) throw AppError.notFound('material.notFound');
    return ok(toMaterial(row, services.files), t(request.ctx.lang, 'common.ok'));
  });
}

/** A file name without its suffix, as a material's default name. */
const baseName = (name: string) => (name.replace(/\.[^.]+$/, '').trim() || name).slice(0, 100);

function viewerOf(ctx: Awaited<ReturnType<typeof adminContext>>): Viewer | null {
  return ctx.scope.tier === 'merchant' && ctx.scope.tenantId && ctx.scope.merchantId
    ? { tenantId: ctx.scope.tenantId, merchantId: ctx.scope.merchantId }
    : null;
}

function toLibraryMaterial(
  row: MaterialRow,
  viewer: Viewer,
  isUsable: boolean,
  services: AppServices,
): LibraryMaterial {
  const m = toMaterial(row, services.files);
  return {
    id: m.id,
    number: m.number,
    name: m.name,
    image_url: m.image_url,
    thumb_url: m.thumb_url,
    category_id: row.merchantId === viewer.merchantId ? m.category_id : null,
    specs: m.specs,
    size: m.size,
    width: m.width,
    height: m.height,
    dpi: m.dpi,
    format: m.format,
    type: m.type,
    is_official: m.is_official,
    price: m.price,
    source: row.merchantId === viewer.merchantId ? 'mine' : row.isOfficial ? 'official' : 'shared',
    is_usable: isUsable,
  };
}

/** What a merchant may pick from when designing: its own, official and shared materials. */
function registerLibraryRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, materialOperations.materialLibrary, async (request) => {
    const ctx = await adminContext(request, db);
    const viewer = viewerOf(ctx);
    if (!viewer) throw AppError.forbidden('material.merchantsOnly');
    const q = request.query;
    const where: SQL[] = [visibleTo(viewer)];
    if (q.source === 'mine') where.push(eq(materials.merchantId, viewer.merchantId));
    if (q.source === 'official') where.push(eq(materials.isOfficial, true));
    if (q.source === 'shared')
      where.push(and(eq(materials.isOfficial, false), ne(materials.merchantId, viewer.merchantId))!);
    if (q.type) where.push(eq(materials.type, q.type));
    if (q.usable === 'true') where.push(usableBy(viewer));
    if (q.usable === 'false') where.push(not(usableBy(viewer)));
    if (q.quickSearch)
      where.push(
        or(
          ilike(materials.name, containsPattern(q.quickSearch)),
          ilike(materials.number, containsPattern(q.quickSearch)),
        )!,
      );
    const condition = and(...where);
    const [total] = await db.select({ n: count() }).from(materials).where(condition);
    const rows = await db
      .select({ row: materials, isUsable: usableBy(viewer).mapWith(Boolean) })
      .from(materials)
      .where(condition)
      .orderBy(desc(materials.createdAt), materials.id)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return ok({
      list: rows.map((r) => toLibraryMaterial(r.row, viewer, r.isUsable, services)),
      total: total?.n ?? 0,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, materialOperations.materialLibraryGet, async (request) => {
    const ctx = await adminContext(request, db);
    const viewer = viewerOf(ctx);
    if (!viewer) throw AppError.forbidden('material.merchantsOnly');
    const [found] = await db
      .select({ row: materials, isUsable: usableBy(viewer).mapWith(Boolean) })
      .from(materials)
      .where(and(eq(materials.id, request.params.id), visibleTo(viewer)));
    if (!found) throw AppError.notFound('material.notFound');
    return ok(toLibraryMaterial(found.row, viewer, found.isUsable, services));
  });

  route(app, materialOperations.materialSummary, async (request) => {
    const ctx = await adminContext(request, db);
    const library = inLibrary(materials, libraryOf(ctx));
    const [all] = await db.select({ n: count() }).from(materials).where(library);
    const [none] = await db
      .select({ n: count() })
      .from(materials)
      .where(and(library, isNull(materials.categoryId)));
    return ok({ total: all?.n ?? 0, uncategorised: none?.n ?? 0 });
  });
}
