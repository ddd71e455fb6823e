import type { z } from 'zod';
import type { finishedProductSaveSchema } from '@pod/shared';
import type { AppServices } from '../../services.ts';
import { checkDesign, parseDocuments, type CheckedDesign, type MerchantScope } from './design-check.ts';
import { queueRender } from './design.jobs.ts';
import { insertFinished, type FinishedRow } from './finished.service.ts';

export type FinishedSave = z.output<typeof finishedProductSaveSchema>;

/**
 * Saves a design as a finished product (issue 8): the documents loaded (any known version) and
 * checked like every save (`checkDesign`), the row inserted under the merchant's design-quota lock,
 * its rendering queued when this process runs the job queue. The save route and the demo seed both
 * come through here.
 */
export async function saveFinishedProduct(
  services: AppServices,
  m: MerchantScope,
  actorId: string,
  body: FinishedSave,
): Promise<{ row: FinishedRow; jobId: string | null; findings: CheckedDesign['findings'] }> {
  const db = services.database.db;
  const docs = parseDocuments(body.documents, 'documents');
  const checked = await checkDesign(db, m, body.product_id, docs, {
    confirmedBlurry: body.confirmed_blurry,
    sizeIds: body.size_mode === 'default' ? body.size_ids : [],
    prefix: 'documents',
  });
  const [row] = await insertFinished(db, m, actorId, [{ checked, input: body }]);
  const jobId = await queueRender(services, m, row!.id, actorId);
  return { row: row!, jobId, findings: checked.findings };
}
