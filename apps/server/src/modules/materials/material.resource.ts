import type { z } from 'zod';
import type { materialCreateSchema, materialUpdateSchema } from '@pod/shared';
import { materialOperations } from '@pod/shared';
import { materials } from './schema.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { findAttachments, type AttachmentRow } from '../admin/index.ts';
import {
  checkMaterialCategory,
  checkMerchantLists,
  libraryOf,
  newMaterialNumber,
  toMaterial,
  type Library,
  type MaterialRow,
} from './material.service.ts';

type CreateInput = z.infer<typeof materialCreateSchema>;
type UpdateInput = z.infer<typeof materialUpdateSchema>;

/** spec §5: material images are jpg/jpeg/png. */
const MATERIAL_MIMES = ['image/jpeg', 'image/png'];

/** The row of a new material made from an accepted image, in a library. */
export function materialValues(
  library: Library,
  attachment: AttachmentRow,
  input: Omit<CreateInput, 'attachment_id'>,
): typeof materials.$inferInsert {
  if (!MATERIAL_MIMES.includes(attachment.mimeType) || !attachment.width || !attachment.height)
    throw new AppError(415, 'upload.type', { suffix: attachment.suffix });
  return {
    tenantId: library.tenantId,
    merchantId: library.merchantId,
    number: newMaterialNumber(),
    name: input.name,
    attachmentId: attachment.id,
    storageKey: attachment.storageKey,
    thumbnailKey: attachment.thumbnailKey,
    categoryId: input.category_id,
    specs: input.specs,
    format: attachment.suffix === 'jpeg' ? 'jpg' : attachment.suffix,
    type: input.type,
    width: attachment.width,
    height: attachment.height,
    dpi: attachment.dpi,
    fileSize: attachment.size,
    visibility: input.visibility,
    blacklist: input.blacklist,
    whitelist: input.whitelist,
    // The supplier's and the platform's materials are official: usable once authorised (spec §6).
    isOfficial: library.merchantId === null,
    price: input.price,
    status: input.status,
  };
}

/** Non-merchant callers manage the official library only, never merchants' own materials. */
/** Managing one's own library: a merchant's materials, or the official library of the tenant. */
export function materialResource(files: FileUrls): CrudDefinition<typeof materialOperations.material> {
  return {
    operations: materialOperations.material,
    table: materials,
    // A library is its organisation's: a merchant's own, or the supplier's official one.
    owner: { level: 'organisation', tenant: materials.tenantId, merchant: materials.merchantId },
    columns: {
      id: materials.id,
      createdBy: materials.createdBy,
    },
    toItem: (row) => toMaterial(row as MaterialRow, files),
    async toInsert(ctx, input: CreateInput) {
      const library = libraryOf(ctx);
      const [attachment] = await findAttachments(ctx.tx, library, [input.attachment_id], {
        imagesOnly: true,
      });
      await checkMaterialCategory(ctx.tx, library, input.category_id);
      await checkMerchantLists(ctx.tx, library, input);
      // The kit sets tenant and creator; the library decides the merchant.
      return materialValues(library, attachment!, input);
    },
    async toUpdate(ctx, input: UpdateInput) {
      const library = libraryOf(ctx);
      if (input.category_id !== undefined) await checkMaterialCategory(ctx.tx, library, input.category_id);
      await checkMerchantLists(ctx.tx, library, input);
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
        ...(input.specs !== undefined ? { specs: input.specs } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
        ...(input.blacklist !== undefined ? { blacklist: input.blacklist } : {}),
        ...(input.whitelist !== undefined ? { whitelist: input.whitelist } : {}),
        ...(input.price !== undefined ? { price: input.price } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
      };
    },
    filters: {
      category_id: { column: materials.categoryId, op: 'eq' },
      // The Uncategorised node of the tree: materials with no category.
      uncategorised: { column: materials.categoryId, op: 'isNull' },
      type: { column: materials.type, op: 'eq' },
      visibility: { column: materials.visibility, op: 'eq' },
      status: { column: materials.status, op: 'eq' },
    },
    quickSearch: [materials.name, materials.number, materials.specs],
    orderable: {
      created_at: materials.createdAt,
      name: materials.name,
      sales_count: materials.salesCount,
      file_size: materials.fileSize,
    },
    defaultOrder: [[materials.createdAt, 'desc']],
    selectLabel: materials.name,
    sensitive: [{ key: 'visibility' }, { key: 'blacklist' }, { key: 'whitelist' }],
  };
}
