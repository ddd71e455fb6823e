import type { Executor } from '../../db/client.ts';
import { extensionPoint, type Extensions } from '../../platform/extensions.ts';

/** Something that uses an uploaded file: a material, a product image, a recharge receipt… */
export interface AttachmentReference {
  kind: string;
  id: string;
  label: string;
}

/** A module's uses of the given attachments, keyed by attachment id. */
export type AttachmentReferenceProvider = (
  tx: Executor,
  attachmentIds: string[],
) => Promise<Map<string, AttachmentReference[]>>;

/**
 * Where each uploaded file is used (issue #4: attachments "with their references"): the module
 * that links files provides its uses in its descriptor, so the attachments page can show them and
 * refuse to delete a used file without the admin module reading other modules' tables.
 */
export const ATTACHMENT_REFERENCES = extensionPoint<AttachmentReferenceProvider>(
  'admin.attachmentReferences',
);

/** Every provided use of each attachment. */
export async function attachmentReferences(
  tx: Executor,
  extensions: Extensions,
  attachmentIds: string[],
): Promise<Map<string, AttachmentReference[]>> {
  const out = new Map<string, AttachmentReference[]>(attachmentIds.map((id) => [id, []]));
  if (!attachmentIds.length) return out;
  for (const provider of extensions.all(ATTACHMENT_REFERENCES)) {
    for (const [id, refs] of await provider(tx, attachmentIds)) out.get(id)?.push(...refs);
  }
  return out;
}

/** Groups rows of (attachment id, reference) into the provider's map. */
export function groupReferences(rows: Array<{ attachmentId: string } & AttachmentReference>) {
  const out = new Map<string, AttachmentReference[]>();
  for (const { attachmentId, kind, id, label } of rows)
    out.set(attachmentId, [...(out.get(attachmentId) ?? []), { kind, id, label }]);
  return out;
}
