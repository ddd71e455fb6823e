import { uploadOperations, type Attachment, type UploadTopic } from '@pod/shared';
import { uploadCall } from './upload-request.ts';

/** Which upload endpoint: the back office's or the member centre's (spec §7 `ajax/upload`). */
export type UploadArea = 'admin' | 'member';

const UPLOADS = {
  admin: uploadOperations.adminUpload,
  member: uploadOperations.memberUpload,
} as const satisfies Record<UploadArea, unknown>;

export interface UploadFileOptions {
  topic: UploadTopic;
  area?: UploadArea;
  /** Percent of this file sent so far (0–100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  showErrorMessage?: boolean;
}

/** Uploads one file (multipart field `file`) and resolves with its attachment (signed URLs). */
export async function uploadFile(
  file: Blob & { name?: string },
  options: UploadFileOptions,
): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  const area = options.area ?? 'admin';
  const reply = await uploadCall(UPLOADS[area], form, {
    query: { topic: options.topic },
    area,
    signal: options.signal,
    showErrorMessage: options.showErrorMessage,
    onProgress: (loaded, total) => options.onProgress?.(total > 0 ? Math.floor((loaded / total) * 100) : 0),
  });
  return reply.file;
}
