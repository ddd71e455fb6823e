import { sql } from 'drizzle-orm';
import { groupReferences, type AttachmentReferenceProvider } from '../admin/index.ts';

/**
 * The uploads listings and listing templates show (issue 23): the attachments page lists them as
 * used, and a used file cannot be deleted from under a listing.
 */
export const publishingAttachmentUses: AttachmentReferenceProvider = async (tx, ids) => {
  if (!ids.length) return new Map();
  const wanted = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const uses = (table: 'publish_listings' | 'publish_templates', kind: string, label: string) => sql`
    SELECT DISTINCT img->>'ref' AS "attachmentId", t.id::text AS id, ${sql.raw(`'${kind}'`)} AS kind,
      ${sql.raw(label)} AS label
    FROM ${sql.raw(table)} t,
      jsonb_each(t.fields->'images') AS k(image_kind, list),
      jsonb_array_elements(k.list) AS img
    WHERE img->>'source' = 'upload' AND img->>'ref' IN (${wanted})`;
  const result = await tx.execute<{ attachmentId: string; id: string; kind: string; label: string }>(sql`
    ${uses('publish_listings', 'publishListing', 't.finished_code')}
    UNION ALL
    ${uses('publish_templates', 'publishTemplate', 't.name')}`);
  return groupReferences([...result.rows]);
};
