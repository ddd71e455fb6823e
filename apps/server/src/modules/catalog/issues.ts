import type { CatalogIssue } from '@pod/shared';
import { AppError } from '../../platform/http/errors.ts';

const pathOf = (path: Array<string | number>) => path.join('.');

/** 400 for the first broken rule, naming the field like a schema validation error would. */
export function refuse(issues: CatalogIssue[], params: Record<string, string | number> = {}): void {
  const first = issues[0];
  if (!first) return;
  const field = pathOf(first.path);
  throw new AppError(
    400,
    `validation.${first.rule}`,
    { field, ...params },
    {
      field,
      errors: issues.map((i) => ({ field: pathOf(i.path), rule: i.rule })),
    },
  );
}

/** 404 for a referenced id that is not the tenant's (another tenant's id is simply not found). */
export function missingRef(field: string): never {
  throw new AppError(404, 'catalog.refNotFound', { field }, { field });
}
