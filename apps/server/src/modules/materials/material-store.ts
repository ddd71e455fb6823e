import type { Db } from '../../db/client.ts';
import type { UploadPolicy } from '../../platform/uploads/inspect.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { storeUpload } from '../admin/index.ts';
import { materialValues } from './material.resource.ts';
import type { Library, MaterialRow } from './material.service.ts';
import { materials } from './schema.ts';

/** What a stored material is filed as (the upload's query, or the demo seed's choice). */
export interface MaterialFiling {
  name: string;
  categoryId: string | null;
  type: MaterialRow['type'];
  visibility: MaterialRow['visibility'];
  /** An official material already authorised for use (the demo's own library). */
  authorised?: boolean;
}

/**
 * Stores one received image as a material of a library: the attachment (inspected, re-encoded,
 * counted against the quota) and the material row in one transaction. Throws UploadRejected or
 * AppError like storeUpload.
 */
export async function storeMaterial(
  deps: { db: Db; storage: FileStorage },
  library: Library,
  actorId: string,
  file: { name: string; path: string; suffix: string },
  policy: UploadPolicy,
  filing: MaterialFiling,
): Promise<MaterialRow> {
  let made: MaterialRow | undefined;
  await storeUpload(
    deps,
    { ...library, uploaderKind: 'admin', uploaderId: actorId },
    file,
    'material',
    policy,
    async (tx, row) => {
      const values = materialValues(library, row, {
        name: filing.name,
        category_id: filing.categoryId,
        specs: '',
        type: filing.type,
        visibility: filing.visibility,
        blacklist: [],
        whitelist: [],
        price: 0,
        status: 'enabled',
      });
      [made] = await tx
        .insert(materials)
        .values({ ...values, isAuthorised: filing.authorised ?? false, createdBy: actorId })
        .returning();
    },
  );
  return made!;
}
