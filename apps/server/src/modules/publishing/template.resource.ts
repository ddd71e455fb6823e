import { publishingOperations, reusableListingFields } from '@pod/shared';
import type { CrudDefinition } from '../../platform/crud/crud-definition.ts';
import type { Ownership } from '../../platform/ownership.ts';
import { merchantOf, trustedFields } from './listing.resource.ts';
import { publishTemplates } from './schema.ts';

export const TEMPLATE_OWNER: Ownership = {
  level: 'merchant',
  tenant: publishTemplates.tenantId,
  merchant: publishTemplates.merchantId,
};

type Row = typeof publishTemplates.$inferSelect;

/**
 * A listing's reusable fields under a name; "Template name cannot be empty" (spec §5). What is one
 * listing's own (mockup images, SKC number) is not kept (decision 0068).
 */
export const templateResource: CrudDefinition<typeof publishingOperations.template> = {
  operations: publishingOperations.template,
  table: publishTemplates,
  owner: TEMPLATE_OWNER,
  columns: { id: publishTemplates.id },
  toItem: (row) => {
    const r = row as Row;
    return {
      id: r.id,
      name: r.name,
      platform: r.platform,
      fields: r.fields,
      created_at: r.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    const m = merchantOf(ctx);
    return {
      name: input.name,
      platform: input.platform,
      fields: await trustedFields(ctx.tx, m, reusableListingFields(input.fields)),
      createdBy: ctx.actor.id,
    };
  },
  async toUpdate(ctx, input) {
    return {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.fields !== undefined
        ? { fields: await trustedFields(ctx.tx, merchantOf(ctx), reusableListingFields(input.fields)) }
        : {}),
    };
  },
  filters: { platform: { column: publishTemplates.platform, op: 'eq' } },
  quickSearch: [publishTemplates.name],
  orderable: { created_at: publishTemplates.createdAt, name: publishTemplates.name },
  defaultOrder: [[publishTemplates.createdAt, 'desc']],
  selectLabel: publishTemplates.name,
  recyclable: true,
};
