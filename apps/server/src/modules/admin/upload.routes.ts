import { uploadOperations } from '@pod/shared';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

import { LIMITS, type UploadTopic } from '@pod/shared';
import { attachments } from './schema.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { receiveUpload } from '../../platform/uploads/receive.ts';
import { UploadRejected } from '../../platform/uploads/inspect.ts';
import type { AppServices } from '../../services.ts';
import { adminContext, profileOf, updateAdminUser } from '../access/index.ts';
import { effectiveConfig } from '../site/index.ts';
import type { MerchantStatsProvider } from '../tenancy/index.ts';
import type { MemberAvatarImage } from '../member/index.ts';
import { attachmentReferences } from './attachment-references.ts';
import { suffixSvg } from './suffix-svg.ts';
import {
  ATTACHMENT_OWNER,
  findAttachments,
  policyFor,
  rejectionError,
  storageUsedByMerchants,
  storeUpload,
  toAttachment,
  type UploadOwner,
} from './attachment.service.ts';

/** Who is uploading, from the signed-in actor (never from the request body). */
function ownerOf(request: FastifyRequest): UploadOwner {
  const actor = request.ctx.actor;
  if (!actor) throw AppError.unauthorized();
  return actor.kind === 'admin'
    ? {
        tenantId: actor.tenantId,
        merchantId: actor.merchantId,
        factoryId: actor.factoryId,
        uploaderKind: 'admin',
        uploaderId: actor.id,
      }
    : { tenantId: actor.tenantId, merchantId: null, uploaderKind: 'member', uploaderId: actor.id };
}

/**
 * Receives ONE file of a multipart request and stores it (spec §7 `ajax/upload`): the single
 * upload every form in the platform uses. Batch uploads (materials) use `receiveUpload` directly.
 */
export async function handleSingleUpload(services: AppServices, request: FastifyRequest, topic: UploadTopic) {
  const owner = ownerOf(request);
  const db = services.database.db;
  const config = await effectiveConfig(db, owner.tenantId, services.config.siteName);
  const policy = policyFor(topic, config);
  const received = await receiveUpload(request, () => policy, {
    tmpRoot: services.config.dataDir,
    maxFiles: 1,
  });
  try {
    const file = received.files[0];
    if (!file || received.isOverBatch) throw AppError.badRequest('upload.oneFile');
    if (!file.ok) throw rejectionError(file.error);
    const row = await storeUpload({ db, storage: services.storage }, owner, file, topic, policy);
    return toAttachment(row, services.files);
  } catch (error) {
    if (error instanceof UploadRejected) throw rejectionError(error);
    throw error;
  } finally {
    await received.cleanup();
  }
}

/** The merchant list's storage column: bytes of each merchant's uploads. */
/** A member's own uploaded image, as the member centre's avatar (issue 27): its storage key. */
export const memberAvatarImage: MemberAvatarImage = async (tx, member, attachmentId) => {
  const owner: UploadOwner = {
    tenantId: member.tenantId,
    merchantId: null,
    uploaderKind: 'member',
    uploaderId: member.memberId,
  };
  const [image] = await findAttachments(tx, owner, [attachmentId], { imagesOnly: true }).catch(() => []);
  // The tenant's files are shared by its organisation; an avatar is the member's own upload only.
  if (!image || image.uploaderKind !== 'member' || image.uploaderId !== member.memberId) return null;
  return image.thumbnailKey ?? image.storageKey;
};

export const storageMerchantStats: MerchantStatsProvider = async (tx, _tenantId, ids) => {
  const used = await storageUsedByMerchants(tx, ids);
  return new Map([...used].map(([id, bytes]) => [id, { storageUsed: bytes }]));
};

/** The upload endpoints (admin and member centre), the attachments page, and signed file reads. */
export function uploadRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, uploadOperations.adminUpload, async (request) =>
    ok({ file: await handleSingleUpload(services, request, request.query.topic) }),
  );

  route(app, uploadOperations.memberUpload, async (request) =>
    ok({ file: await handleSingleUpload(services, request, request.query.topic) }),
  );

  // ---- Personal centre avatar (issue #4) ---------------------------------------------------
  route(app, uploadOperations.updateAdminAvatar, async (request) => {
    const owner = ownerOf(request);
    const id = request.body.attachment_id;
    const [image] = id ? await findAttachments(db, owner, [id], { imagesOnly: true }) : [];
    const updated = await updateAdminUser(db, owner.uploaderId, {
      avatar: image ? (image.thumbnailKey ?? image.storageKey) : '',
    });
    if (!updated) throw AppError.unauthorized();
    return ok(profileOf(updated, services.files), t(request.ctx.lang, 'common.ok'));
  });

  // ---- Attachments page (admin console) ----------------------------------------------------------
  route(app, uploadOperations.attachmentList, async (request) => {
    const ctx = await adminContext(request, db);
    const q = request.query;
    // A merchant's files are its own: the supplier's page shows the supplier's uploads only.
    const where: SQL[] = ownedBy(ATTACHMENT_OWNER, ctx.scope);
    if (q.topic) where.push(eq(attachments.topic, q.topic));
    if (q.mime_type) where.push(eq(attachments.mimeType, q.mime_type));
    if (q.quickSearch) where.push(or(ilike(attachments.name, containsPattern(q.quickSearch)))!);
    const { rows, total } = await pagedRows(
      db,
      attachments,
      and(...where),
      [desc(attachments.createdAt)],
      q.page,
      q.limit,
    );
    const references = await attachmentReferences(
      db,
      services.extensions,
      rows.map((r) => r.id),
    );
    return ok({
      list: rows.map((r) => ({
        ...toAttachment(r, services.files),
        references: references.get(r.id) ?? [],
      })),
      total,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, uploadOperations.attachmentDelete, async (request) => {
    const ctx = await adminContext(request, db);
    const owner = [eq(attachments.id, request.params.id), ...ownedBy(ATTACHMENT_OWNER, ctx.scope)];
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: attachments.id })
        .from(attachments)
        .where(and(...owner))
        .for('update');
      if (!row) throw AppError.notFound('upload.notFound');
      // issue #4: only an unused file can be deleted (a foreign key backs this up where there is one).
      const uses = (await attachmentReferences(tx, services.extensions, [row.id])).get(row.id) ?? [];
      if (uses.length) throw AppError.conflict('upload.inUse', { count: uses.length });
      await tx.delete(attachments).where(eq(attachments.id, row.id));
      return ok({ deleted: 1 });
    });
  });

  // ---- Signed file reads -----------------------------------------------------------------------
  route(app, uploadOperations.fileRead, async (request, reply) => {
    const { a, b, name } = request.params;
    const key = `${a}/${b}/${name}`;
    if (!services.files.verify(key, request.query.e, request.query.s))
      throw AppError.forbidden('upload.badSignature');
    const stream = await services.storage.get(key);
    if (!stream) throw AppError.notFound('upload.notFound');
    const suffix = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
    const type = CONTENT_TYPES[suffix] ?? 'application/octet-stream';
    reply
      .header('content-type', type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400, immutable')
      // An SVG opened on its own can run nothing and load nothing.
      .header(
        'content-security-policy',
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
      );
    if (!type.startsWith('image/')) reply.header('content-disposition', 'attachment');
    return reply.send(stream);
  });

  // ---- Spec §7 suffix SVG builder ---------------------------------------------------------------
  for (const op of [uploadOperations.adminSuffixSvg, uploadOperations.memberSuffixSvg]) {
    route(app, op, async (request, reply) => {
      const { suffix, background } = request.query;
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(suffixSvg(suffix, background));
    });
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export const UPLOAD_MAX_FILES = LIMITS.materialUploadBatch;
