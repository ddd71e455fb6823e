import { z } from 'zod';
import { adminAvatarBodySchema, adminProfileSchema } from '../auth/schemas.ts';
import { defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  attachmentListQuerySchema,
  attachmentSchema,
  fileReadParamsSchema,
  fileReadQuerySchema,
  suffixSvgQuerySchema,
  uploadQuerySchema,
  uploadReplySchema,
} from './schemas.ts';

const UPLOAD = {
  method: 'POST',
  permission: null,
  tag: 'uploads',
  consumes: 'multipart/form-data',
  query: uploadQuerySchema,
  response: uploadReplySchema,
} as const;

/** The single-file uploads (admin and member centre), the avatar, the attachments page, signed reads. */
export const uploadOperations = {
  adminUpload: defineOperation({
    ...UPLOAD,
    id: 'adminUpload',
    path: '/admin/ajax/upload',
    audience: 'admin',
    summary: 'Upload one file (multipart field `file`) for the back office',
  }),
  memberUpload: defineOperation({
    ...UPLOAD,
    id: 'memberUpload',
    path: '/api/ajax/upload',
    audience: 'member',
    summary: 'Upload one file (multipart field `file`) for the member centre',
  }),
  updateAdminAvatar: defineOperation({
    id: 'updateAdminAvatar',
    method: 'PUT',
    path: '/api/v1/admin/profile/avatar',
    audience: 'admin',
    permission: null,
    tag: 'uploads',
    summary: 'Set (or clear) the caller’s avatar from an image the caller uploaded',
    body: adminAvatarBodySchema,
    response: adminProfileSchema,
  }),
  attachmentList: defineOperation({
    id: 'attachmentList',
    method: 'GET',
    path: '/api/v1/admin/attachment',
    audience: 'admin',
    permission: PERMISSIONS.attachment.list,
    tag: 'uploads',
    summary: 'Files uploaded in the caller’s tenant (a merchant sees its own)',
    query: attachmentListQuerySchema,
    response: listReplySchema(attachmentSchema),
  }),
  attachmentDelete: defineOperation({
    id: 'attachmentDelete',
    method: 'DELETE',
    path: '/api/v1/admin/attachment/:id',
    audience: 'admin',
    permission: PERMISSIONS.attachment.del,
    tag: 'uploads',
    summary: 'Delete an attachment row (refused while something still uses the file)',
    params: idParamsSchema,
    response: z.object({ deleted: z.number() }),
  }),
  fileRead: defineOperation({
    id: 'fileRead',
    method: 'GET',
    path: '/files/:a/:b/:name',
    audience: 'public',
    permission: null,
    tag: 'uploads',
    summary: 'Read a stored file through a signed, expiring URL handed out with the row that uses it',
    params: fileReadParamsSchema,
    query: fileReadQuerySchema,
    // The file's bytes, with its own content type.
    response: z.unknown(),
    raw: true,
  }),
  adminSuffixSvg: defineOperation({
    id: 'adminSuffixSvg',
    method: 'GET',
    path: '/admin/ajax/buildSuffixSvg',
    audience: 'public',
    permission: null,
    tag: 'uploads',
    summary:
      'Spec §7 suffix SVG builder: an SVG file icon labelled with the suffix (image/svg+xml, not an envelope)',
    query: suffixSvgQuerySchema,
    response: z.string(),
    raw: true,
  }),
  memberSuffixSvg: defineOperation({
    id: 'memberSuffixSvg',
    method: 'GET',
    path: '/api/ajax/buildSuffixSvg',
    audience: 'public',
    permission: null,
    tag: 'uploads',
    summary: 'Spec §7 suffix SVG builder at the member centre’s address (image/svg+xml, not an envelope)',
    query: suffixSvgQuerySchema,
    response: z.string(),
    raw: true,
  }),
} as const;
