import type { Executor } from '../../db/client.ts';
import { paymentAccounts } from './schema.ts';

export type NewPaymentAccount = Pick<
  typeof paymentAccounts.$inferInsert,
  'accountName' | 'bankName' | 'cardNumber' | 'currency' | 'status'
>;

/**
 * Adds a bank account of a tenant that merchants transfer to when recharging (the admin screen
 * adds them through the CRUD kit; the demo seed and the tests through this).
 */
export async function createPaymentAccount(tx: Executor, tenantId: string, input: NewPaymentAccount) {
  const [row] = await tx
    .insert(paymentAccounts)
    .values({ tenantId, ...input })
    .returning();
  if (!row) throw new Error('payment account insert returned nothing');
  return row;
}
