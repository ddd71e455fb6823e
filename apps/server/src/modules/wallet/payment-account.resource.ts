import type { paymentAccountCreateSchema } from '@pod/shared';
import { PERMISSIONS, walletOperations } from '@pod/shared';
import type { z } from 'zod';
import { paymentAccounts } from './schema.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';

type Row = typeof paymentAccounts.$inferSelect;
type Input = Partial<z.infer<typeof paymentAccountCreateSchema>>;

/** Only finance roles (`paymentAccount:reveal`) see a whole card number. */
export const maskCard = (card: string) => (card.length <= 4 ? '****' : `**** **** ${card.slice(-4)}`);

const toValues = (input: Input) => ({
  ...(input.account_name !== undefined ? { accountName: input.account_name } : {}),
  ...(input.bank_type !== undefined ? { bankType: input.bank_type } : {}),
  ...(input.bank_name !== undefined ? { bankName: input.bank_name } : {}),
  ...(input.card_number !== undefined ? { cardNumber: input.card_number } : {}),
  ...(input.currency !== undefined ? { currency: input.currency } : {}),
  ...(input.sort !== undefined ? { sort: input.sort } : {}),
  ...(input.status !== undefined ? { status: input.status } : {}),
});

/** The bank accounts of the caller's tenant that merchants transfer to when recharging. */
export const paymentAccountResource: CrudDefinition<typeof walletOperations.paymentAccount> = {
  operations: walletOperations.paymentAccount,
  table: paymentAccounts,
  owner: { level: 'tenant', tenant: paymentAccounts.tenantId },
  columns: { id: paymentAccounts.id, sort: paymentAccounts.sort },
  toItem: (r, ctx) => {
    const a = r as Row;
    return {
      id: a.id,
      account_name: a.accountName,
      bank_type: a.bankType,
      bank_name: a.bankName,
      card_number: ctx.permissions.has(PERMISSIONS.paymentAccount.reveal)
        ? a.cardNumber
        : maskCard(a.cardNumber),
      currency: a.currency,
      sort: a.sort,
      status: a.status,
      created_at: a.createdAt.toISOString(),
    };
  },
  toInsert: (_ctx, input) => toValues(input),
  toUpdate: (_ctx, input) => toValues(input),
  filters: {
    status: { column: paymentAccounts.status, op: 'eq' },
    currency: { column: paymentAccounts.currency, op: 'eq' },
  },
  quickSearch: [paymentAccounts.accountName, paymentAccounts.bankName],
  orderable: { sort: paymentAccounts.sort, created_at: paymentAccounts.createdAt },
  defaultOrder: [[paymentAccounts.sort, 'desc']],
  selectLabel: paymentAccounts.accountName,
  sensitive: [{ key: 'cardNumber' }],
  recyclable: true,
};
