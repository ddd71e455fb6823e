import { designOperations, personalisationOperations } from '@pod/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DESIGN_JOBS, type FinishedGroup, type Language } from '@pod/shared';
import { loadDesignDocument, walkLayers, type DesignDocument } from '@pod/design';
import { finishedGroups, finishedProducts } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { jobOwner } from '../../platform/jobs/job-queue.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { merchantScopeOf } from '../../platform/tenant-scope.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { attachmentsLinkedTo } from '../admin/index.ts';
import { checkDesign, fieldError, parseDocuments, type MerchantScope } from './design-check.ts';
import { queueRender, type BatchJobData } from './design.jobs.ts';
import { saveFinishedProduct } from './finished-save.service.ts';
import { getSlots, setSlots } from './finished-slots.ts';
import {
  designValues,
  findFinished,
  findGroup,
  groupsOf,
  insertFinished,
  listFinishedPage,
  toFinished,
  toFinishedDetail,
  viewContext,
  type FinishedRow,
} from './finished.service.ts';

/** Designs belong to merchants: other tiers have no design workspace. */
export function merchantOf(ctx: ServiceContext): MerchantScope {
  return merchantScopeOf(ctx, 'design.merchantsOnly');
}

export function designRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  const merchant = async (request: Parameters<typeof adminContext>[0]) => {
    const ctx = await adminContext(request, db);
    return { ctx, m: merchantOf(ctx) };
  };
  const detail = async (lang: Language, m: MerchantScope, row: FinishedRow) => ({
    ...toFinishedDetail(row, await viewContext(db, m, [row], services.files, lang)),
    assets: await uploadedAssets(m, row),
  });
  /** The merchant's own uploads the documents name, with signed URLs (edit again shows them). */
  const uploadedAssets = async (m: MerchantScope, row: FinishedRow) => {
    const ids = new Set<string>();
    for (const doc of row.documents as unknown as DesignDocument[])
      for (const surface of Object.values(doc.surfaces))
        walkLayers(surface.layers, (layer) => {
          const source =
            layer.type === 'image' || layer.type === 'svg' || layer.type === 'tiling'
              ? layer.source
              : layer.type === 'watermark' && layer.content.kind === 'image'
                ? layer.content.source
                : null;
          if (source?.kind === 'attachment') ids.add(source.id);
        });
    const rows = (await attachmentsLinkedTo(db, [...ids])).filter((a) => a.merchantId === m.merchantId);
    return rows.map((a) => ({
      kind: 'attachment' as const,
      id: a.id,
      url: services.files.url(a.storageKey),
      thumb_url: a.thumbnailKey ? services.files.url(a.thumbnailKey) : null,
    }));
  };

  // ---- Finished products: save, read, edit again, copy, delete ------------------------------------
  route(app, designOperations.finishedProductCreate, async (request) => {
    const { ctx, m } = await merchant(request);
    const saved = await saveFinishedProduct(services, m, ctx.actor.id, request.body);
    const fresh = await findFinished(db, m, saved.row.id);
    return ok(
      { finished: await detail(request.ctx.lang, m, fresh), job_id: saved.jobId, findings: saved.findings },
      t(request.ctx.lang, 'common.ok'),
    );
  });

  route(app, designOperations.finishedProductList, async (request) => {
    const { m } = await merchant(request);
    const q = request.query;
    // The merchant's groups once: the group filter's secondaries and the rows' group names.
    const groups = await groupsOf(db, m);
    const { rows, total } = await listFinishedPage(db, m, q, groups);
    const view = await viewContext(db, m, rows, services.files, request.ctx.lang, { groups });
    return ok({ list: rows.map((r) => toFinished(r, view)), total, page: q.page, limit: q.limit });
  });

  route(app, designOperations.finishedProductGet, async (request) => {
    const { m } = await merchant(request);
    return ok(await detail(request.ctx.lang, m, await findFinished(db, m, request.params.id)));
  });

  // ---- Personalisation slots (decision 0053) -----------------------------------------------------
  route(app, personalisationOperations.finishedSlotsGet, async (request) => {
    const { m } = await merchant(request);
    return ok(await getSlots(db, m, request.params.id));
  });
  route(app, personalisationOperations.finishedSlotsUpdate, async (request) => {
    const { m } = await merchant(request);
    const reply = await db.transaction((tx) => setSlots(tx, m, request.params.id, request.body.slots));
    return ok(reply, t(request.ctx.lang, 'common.ok'));
  });

  route(app, designOperations.finishedProductUpdate, async (request) => {
    const { ctx, m } = await merchant(request);
    const body = request.body;
    const existing = await findFinished(db, m, request.params.id);
    const docs = parseDocuments(body.documents, 'documents');
    const checked = await checkDesign(db, m, existing.productId, docs, {
      confirmedBlurry: body.confirmed_blurry,
      sizeIds: body.size_mode === 'default' ? body.size_ids : [],
      prefix: 'documents',
    });
    await db.transaction(async (tx) => {
      if (body.group_id) await findGroup(tx, m, body.group_id);
      await tx
        .update(finishedProducts)
        .set(designValues(checked, body))
        .where(eq(finishedProducts.id, existing.id));
    });
    const jobId = await queueRender(services, m, existing.id, ctx.actor.id);
    return ok(
      {
        finished: await detail(request.ctx.lang, m, await findFinished(db, m, existing.id)),
        job_id: jobId,
        findings: checked.findings,
      },
      t(request.ctx.lang, 'common.ok'),
    );
  });

  route(app, designOperations.finishedProductCopy, async (request) => {
    const { ctx, m } = await merchant(request);
    const source = await findFinished(db, m, request.params.id);
    const docs = source.documents.map((d) => loadDesignDocument(d));
    // Checked again: a material may have been withdrawn since, and the price may have changed.
    const checked = await checkDesign(db, m, source.productId, docs, {
      confirmedBlurry: true,
      sizeIds: source.sizeIds,
      prefix: 'documents',
    });
    const name =
      request.body.name ?? `${source.name} ${t(request.ctx.lang, 'design.copySuffix')}`.slice(0, 100);
    const [row] = await insertFinished(db, m, ctx.actor.id, [
      {
        checked,
        input: {
          name,
          size_mode: source.sizeMode,
          size_ids: source.sizeIds,
          custom_sizes: source.customSizes,
          group_id: source.groupId,
        },
      },
    ]);
    const jobId = await queueRender(services, m, row!.id, ctx.actor.id);
    return ok(
      {
        finished: await detail(request.ctx.lang, m, await findFinished(db, m, row!.id)),
        job_id: jobId,
        findings: checked.findings,
      },
      t(request.ctx.lang, 'common.ok'),
    );
  });

  route(app, designOperations.finishedProductDelete, async (request) => {
    const { m } = await merchant(request);
    const row = await findFinished(db, m, request.params.id);
    await db.update(finishedProducts).set({ deletedAt: new Date() }).where(eq(finishedProducts.id, row.id));
    return ok({ id: row.id }, t(request.ctx.lang, 'common.ok'));
  });

  route(app, designOperations.finishedProductRender, async (request) => {
    const { ctx, m } = await merchant(request);
    const row = await findFinished(db, m, request.params.id);
    await db
      .update(finishedProducts)
      .set({ renderStatus: 'pending', renderError: null })
      .where(eq(finishedProducts.id, row.id));
    const jobId = await queueRender(services, m, row.id, ctx.actor.id);
    if (!jobId) throw new AppError(503, 'http.503');
    return ok({ job_id: jobId });
  });

  route(app, designOperations.finishedProductMove, async (request) => {
    const { m } = await merchant(request);
    const { ids, group_id } = request.body;
    const moved = await db.transaction(async (tx) => {
      if (group_id) await findGroup(tx, m, group_id);
      const rows = await tx
        .select({ id: finishedProducts.id })
        .from(finishedProducts)
        .where(and(inArray(finishedProducts.id, ids), eq(finishedProducts.merchantId, m.merchantId)))
        .for('update');
      // All or nothing: an id that is not the merchant's is a 404, as for a single row.
      const [check] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(finishedProducts)
        .where(
          and(
            inArray(finishedProducts.id, ids),
            eq(finishedProducts.tenantId, m.tenantId),
            eq(finishedProducts.merchantId, m.merchantId),
            isNull(finishedProducts.deletedAt),
          ),
        );
      if ((check?.n ?? 0) !== new Set(ids).size) throw AppError.notFound('design.notFound');
      await tx.update(finishedProducts).set({ groupId: group_id }).where(inArray(finishedProducts.id, ids));
      return rows.length;
    });
    return ok({ moved }, t(request.ctx.lang, 'common.ok'));
  });

  // ---- Batch design --------------------------------------------------------------------------------
  route(app, designOperations.designBatch, async (request) => {
    const { ctx, m } = await merchant(request);
    const body = request.body;
    const [doc] = parseDocuments([body.document], 'document') as [DesignDocument];
    // The source product must be one the merchant may design; each target is checked in the job.
    await checkDesign(db, m, doc.product_id, [doc], {
      confirmedBlurry: true,
      sizeIds: [],
      prefix: 'document',
    });
    // The group is checked before queuing: another merchant's group is not found (issue 16).
    if (body.group_id) await findGroup(db, m, body.group_id);
    if (!services.jobs.isStarted) throw new AppError(503, 'http.503');
    const jobId = await services.jobs.enqueue<BatchJobData>(
      DESIGN_JOBS.batch,
      {
        tenant_id: m.tenantId,
        merchant_id: m.merchantId,
        actor_id: ctx.actor.id,
        language: ctx.lang,
        batch: { ...body, document: doc },
      },
      jobOwner(ctx, designOperations.designBatch.permission),
    );
    return ok({ job_id: jobId });
  });

  // ---- Groups (primary and secondary) --------------------------------------------------------------
  route(app, designOperations.finishedGroupTree, async (request) => {
    const { m } = await merchant(request);
    const groups = await db
      .select()
      .from(finishedGroups)
      .where(and(eq(finishedGroups.tenantId, m.tenantId), eq(finishedGroups.merchantId, m.merchantId)))
      .orderBy(desc(finishedGroups.sort), asc(finishedGroups.createdAt));
    const counts = await db
      .select({ groupId: finishedProducts.groupId, n: sql<number>`count(*)::int` })
      .from(finishedProducts)
      .where(
        and(
          eq(finishedProducts.tenantId, m.tenantId),
          eq(finishedProducts.merchantId, m.merchantId),
          isNull(finishedProducts.deletedAt),
        ),
      )
      .groupBy(finishedProducts.groupId);
    const own = new Map(counts.map((c) => [c.groupId, c.n]));
    const node = (g: (typeof groups)[number]) => ({
      id: g.id,
      name: g.name,
      parent_id: g.parentId,
      sort: g.sort,
      product_count: own.get(g.id) ?? 0,
    });
    const tree: FinishedGroup[] = groups
      .filter((g) => !g.parentId)
      .map((g) => {
        const children = groups.filter((c) => c.parentId === g.id).map((c) => ({ ...node(c), children: [] }));
        return {
          ...node(g),
          product_count: node(g).product_count + children.reduce((s, c) => s + c.product_count, 0),
          children,
        };
      });
    return ok(tree);
  });

  const checkParent = async (m: MerchantScope, parentId: string | null | undefined, selfId?: string) => {
    if (!parentId) return;
    if (parentId === selfId) throw fieldError('parent_id', 'design.groupCycle');
    const parent = await findGroup(db, m, parentId);
    if (parent.parentId) throw fieldError('parent_id', 'design.groupDepth');
    if (selfId) {
      const [child] = await db
        .select({ id: finishedGroups.id })
        .from(finishedGroups)
        .where(eq(finishedGroups.parentId, selfId))
        .limit(1);
      if (child) throw fieldError('parent_id', 'design.groupDepth');
    }
  };
  const toGroup = (g: typeof finishedGroups.$inferSelect) => ({
    id: g.id,
    name: g.name,
    parent_id: g.parentId,
    sort: g.sort,
  });

  route(app, designOperations.finishedGroupCreate, async (request) => {
    const { m } = await merchant(request);
    await checkParent(m, request.body.parent_id);
    const [row] = await db
      .insert(finishedGroups)
      .values({ ...m, name: request.body.name, parentId: request.body.parent_id, sort: request.body.sort })
      .returning();
    return ok(toGroup(row!), t(request.ctx.lang, 'common.ok'));
  });

  route(app, designOperations.finishedGroupUpdate, async (request) => {
    const { m } = await merchant(request);
    const group = await findGroup(db, m, request.params.id);
    const body = request.body;
    if (body.parent_id !== undefined) await checkParent(m, body.parent_id, group.id);
    const [row] = await db
      .update(finishedGroups)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
        ...(body.parent_id !== undefined ? { parentId: body.parent_id } : {}),
      })
      .where(eq(finishedGroups.id, group.id))
      .returning();
    return ok(toGroup(row!), t(request.ctx.lang, 'common.ok'));
  });

  route(app, designOperations.finishedGroupDelete, async (request) => {
    const { m } = await merchant(request);
    const group = await findGroup(db, m, request.params.id);
    await db.transaction(async (tx) => {
      // Sub-groups go with it (ON DELETE CASCADE); the products of the whole sub-tree fall back to
      // no group here, as the key carries tenant_id and so cannot SET NULL (decision 0077).
      const all = await tx
        .select({ id: finishedGroups.id, parentId: finishedGroups.parentId })
        .from(finishedGroups)
        .where(and(eq(finishedGroups.tenantId, m.tenantId), eq(finishedGroups.merchantId, m.merchantId)));
      const subtree = new Set([group.id]);
      for (let grew = true; grew;) {
        grew = false;
        for (const g of all) {
          if (g.parentId && subtree.has(g.parentId) && !subtree.has(g.id)) {
            subtree.add(g.id);
            grew = true;
          }
        }
      }
      await tx
        .update(finishedProducts)
        .set({ groupId: null })
        .where(
          and(eq(finishedProducts.tenantId, m.tenantId), inArray(finishedProducts.groupId, [...subtree])),
        );
      await tx
        .delete(finishedGroups)
        .where(and(eq(finishedGroups.tenantId, m.tenantId), eq(finishedGroups.id, group.id)));
    });
    return ok({ id: group.id }, t(request.ctx.lang, 'common.ok'));
  });
}
