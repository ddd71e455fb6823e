import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { debitStatement } from '../wallet/index.ts';
import { orderPaymentGuard } from './payment.workflow.ts';

const scope = {
  tenantId: '00000000-0000-4000-8000-000000000001',
  merchantId: '00000000-0000-4000-8000-000000000002',
};

/** The paying statement as PostgreSQL receives it (placeholders stay names until it runs). */
function renderPayment(payMethod: 'balance' | 'alipay') {
  const guard = orderPaymentGuard(scope, 'PO202611240000000000001', payMethod);
  const { sql } = new PgDialect().sqlToQuery(debitStatement(guard.build()));
  const lines = sql.split('\n').map((line) => line.trimEnd());
  return { sql: lines.filter(Boolean).join('\n'), values: guard.values };
}

describe('payment workflow', () => {
  // One statement spans orders, logistics and the wallet (decision 0024): any module's change to its
  // part shows here, to be read and accepted on purpose (`vitest -u`).
  it('composes the one paying statement from the orders, logistics and wallet parts', async () => {
    const { sql } = renderPayment('balance');
    await expect(`${sql}\n`).toMatchFileSnapshot('./__snapshots__/order-payment.sql');
  });

  it('locks the order by tenant, merchant and number, checks logistics on the same row, and marks it paid', () => {
    const { sql, values } = renderPayment('alipay');
    expect(sql.replace(/\s+/g, ' ')).toMatch(
      /WITH g AS \(SELECT "orders"\."id" AS id, "orders"\."total_amount" AS amount/,
    );
    expect(sql).toContain('FOR UPDATE OF "orders"');
    expect(sql).toContain('"shipping_rates"');
    expect(sql).toContain('UPDATE "orders" SET status = \'paid\'');
    expect(values).toEqual({
      order_tenant: scope.tenantId,
      order_merchant: scope.merchantId,
      order_no: 'PO202611240000000000001',
      order_pay_method: 'alipay',
      // A primary account's data scope: everything (decision 0061).
      order_scope_all: true,
      order_scope_departments: [],
      order_scope_user: null,
    });
  });

  it("restricts the locked order to the caller's data scope in the same statement (decision 0061)", () => {
    const { sql } = renderPayment('balance');
    expect(sql.replace(/\s+/g, ' ')).toContain(
      '"orders"."department_id" = ANY($5::uuid[]) OR "orders"."created_by" = $6::uuid)',
    );
    const limited = orderPaymentGuard(scope, 'PO202611240000000000001', 'balance', {
      kind: 'limited',
      userId: '00000000-0000-4000-8000-000000000003',
      departmentIds: ['00000000-0000-4000-8000-000000000004'],
      includeOwn: true,
    });
    expect(limited.values).toMatchObject({
      order_scope_all: false,
      order_scope_departments: ['00000000-0000-4000-8000-000000000004'],
      order_scope_user: '00000000-0000-4000-8000-000000000003',
    });
  });
});
