import { z } from 'zod';
import { jsonInteger } from '../schema-utils.ts';
import { LIMITS } from '../limits.ts';

/**
 * Wallet contracts (spec §2 balance screens, §3 Balance transaction, Recharge/bank transfer,
 * Withdrawal; §4 transaction and recharge states; §5 amounts, receipts, agreement). Every amount
 * is an integer in minor units (fen/cents) with its currency beside it.
 */

export const WALLET_CURRENCIES = ['CNY', 'USD'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

/**
 * spec §4 transaction types (top-up, order payment, order cancellation refund, withdrawal), plus
 * finance adjustments and the release of a rejected withdrawal's hold (decision 0015).
 */
export const TRANSACTION_TYPES = [
  'top_up',
  'order_payment',
  'order_refund',
  'aftersales_refund',
  'withdrawal',
  'withdrawal_release',
  'adjustment',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['success', 'failure'] as const;
/** spec §4: payment methods Alipay and account balance; recharges also come by bank transfer. */
export const PAY_METHODS = ['balance', 'alipay', 'bank_transfer', 'manual'] as const;
export const REFERENCE_TYPES = ['order', 'bank_transfer', 'alipay', 'withdrawal', 'adjustment'] as const;
export const TRANSFER_TYPES = ['domestic', 'international', 'other'] as const;
/** spec §4 recharge by transfer: submit, wait for finance review, review result. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const WITHDRAWAL_METHODS = ['bank', 'alipay'] as const;
export const ALIPAY_ORDER_STATUSES = ['pending', 'paid', 'closed'] as const;

/** Largest single amount accepted anywhere, in minor units (one billion yuan/dollars). */
export const MAX_AMOUNT_MINOR = 1_000_000_000_00;

const currency = z.enum(WALLET_CURRENCIES);
const isoTime = z.iso.datetime({ offset: true });
/** A positive amount in minor units. */
export const amountMinorSchema = jsonInteger(1, MAX_AMOUNT_MINOR);
/** A caller-chosen key that makes a retried write apply once (unique per merchant). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);
/** spec §5: the agreement must be ticked. */
const agreementSchema = z.boolean().refine((v) => v, { params: { rule: 'walletAgreement' } });
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIMITS.pagination.maxPageSize)
  .default(LIMITS.pagination.defaultPageSize);

/** spec §5: a date range must not exceed one year (LIMITS.dateRangeMaxDays days). */
export function isRangeWithinLimit(from?: string, to?: string): boolean {
  if (!from || !to) return true;
  return new Date(to).getTime() - new Date(from).getTime() <= LIMITS.dateRangeMaxDays * 86_400_000;
}
const rangeRule = <T extends { from?: string | undefined; to?: string | undefined }>(q: T) =>
  isRangeWithinLimit(q.from, q.to);
const rangeIssue = { path: ['to'], params: { rule: 'walletDateRange' } };

export function walletListReply<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

// ---- Balances --------------------------------------------------------------------------------------
export const walletBalanceSchema = z.object({
  currency,
  /** Spendable balance, minor units. */
  balance: z.number().int(),
  /** Sum of withdrawals awaiting review: already taken out of `balance` (decision 0015). */
  held: z.number().int(),
});
export const walletBalancesSchema = z.object({ list: z.array(walletBalanceSchema) });
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** Finance: one merchant wallet of the tenant. */
export const merchantWalletSchema = walletBalanceSchema.extend({
  merchant_id: z.string(),
  merchant_name: z.string(),
  merchant_number: z.string(),
  updated_at: z.string(),
});
export const merchantWalletQuerySchema = z.object({
  page,
  limit,
  currency: currency.optional(),
  merchant_id: z.uuid().optional(),
});

// ---- Transactions (spec §3 Balance transaction / trade) --------------------------------------------
export const walletTransactionSchema = z.object({
  id: z.string(),
  trade_no: z.string(),
  third_party_no: z.string().nullable(),
  reference_type: z.enum(REFERENCE_TYPES).nullable(),
  /** The linked order number, recharge id, withdrawal id… */
  reference: z.string().nullable(),
  pay_method: z.enum(PAY_METHODS),
  type: z.enum(TRANSACTION_TYPES),
  currency,
  status: z.enum(TRANSACTION_STATUSES),
  /** Signed minor units: positive credits, negative debits. */
  amount: z.number().int(),
  balance_before: z.number().int(),
  balance_after: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  operator_id: z.string().nullable(),
  operator_name: z.string().nullable(),
  remark: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

const transactionFilters = z.object({
  page,
  limit,
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  currency: currency.optional(),
  /** Created at or after. */
  from: isoTime.optional(),
  /** Created at or before; at most one year after `from` (spec §5). */
  to: isoTime.optional(),
  trade_no: z.string().trim().max(40).optional(),
});
export const walletTransactionQuerySchema = transactionFilters.refine(rangeRule, rangeIssue);
export const financeTransactionQuerySchema = transactionFilters
  .extend({ merchant_id: z.uuid().optional() })
  .refine(rangeRule, rangeIssue);

/** Finance adjustment: a signed correction, itself a new transaction (rows are never edited). */
export const adjustmentCreateSchema = z.object({
  merchant_id: z.uuid(),
  currency,
  /** Signed minor units, never zero: positive credits, negative debits. */
  amount: jsonInteger(-MAX_AMOUNT_MINOR, MAX_AMOUNT_MINOR).refine((v) => v !== 0, {
    params: { rule: 'walletNonZero' },
  }),
  remark: z.string().trim().min(1).max(200),
  idempotency_key: idempotencyKeySchema,
});

// ---- Reconciliation -------------------------------------------------------------------------------
export const DRIFT_KINDS = ['sum', 'chain', 'last', 'negative', 'sequence'] as const;
export const driftSchema = z.object({
  kind: z.enum(DRIFT_KINDS),
  wallet_id: z.string(),
  merchant_id: z.string(),
  currency,
  trade_no: z.string().nullable(),
  expected: z.number().int().nullable(),
  actual: z.number().int().nullable(),
  detail: z.string(),
});
export const reconciliationSchema = z.object({
  wallets: z.number().int(),
  transactions: z.number().int(),
  drifts: z.array(driftSchema),
  checked_at: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

// ---- Recharge by bank transfer (spec §3, §5) ------------------------------------------------------
/** A platform account the merchant may transfer to (the card number is shown whole: they need it). */
export const rechargeAccountSchema = z.object({
  id: z.string(),
  account_name: z.string(),
  bank_type: z.string(),
  bank_name: z.string(),
  card_number: z.string(),
  currency,
});
export const rechargeAccountQuerySchema = z.object({ currency });

export const transferCreateSchema = z.object({
  /** spec §5: the remittance receipt number is required. */
  receipt_no: z.string().trim().min(1).max(64),
  amount: amountMinorSchema,
  currency,
  transfer_type: z.enum(TRANSFER_TYPES),
  /** The platform account transferred to (an active one of the merchant's tenant, same currency). */
  payment_account_id: z.uuid(),
  /** spec §5: up to 3 receipt images (attachment ids from the upload pipeline). */
  receipt_image_ids: z.array(z.uuid()).max(LIMITS.receiptImages).default([]),
  /** The payer's bank details. */
  bank_name: z.string().trim().min(1).max(100),
  bank_account_name: z.string().trim().min(1).max(100),
  bank_account_no: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9 -]{4,${LIMITS.text.cardNumber}}$`))
    .transform((v) => v.replace(/[ -]/g, '')),
  remark: z.string().trim().max(200).default(''),
  agreement: agreementSchema,
});
export type TransferCreate = z.input<typeof transferCreateSchema>;

export const transferSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  receipt_no: z.string(),
  amount: z.number().int(),
  currency,
  transfer_type: z.enum(TRANSFER_TYPES),
  payment_method: z.literal('bank_transfer'),
  payment_account: rechargeAccountSchema.nullable(),
  receipt_image_ids: z.array(z.string()),
  /** The receipts with signed URLs, for the merchant and for finance's review. */
  receipt_images: z
    .array(z.object({ id: z.string(), url: z.string(), thumb_url: z.string().nullable() }))
    .default([]),
  bank_name: z.string(),
  bank_account_name: z.string(),
  bank_account_no: z.string(),
  remark: z.string(),
  status: z.enum(REVIEW_STATUSES),
  review_remark: z.string(),
  reviewer_id: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  /** The top-up transaction's trade number once approved. */
  trade_no: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const reviewListQuerySchema = z
  .object({
    page,
    limit,
    status: z.enum(REVIEW_STATUSES).optional(),
    currency: currency.optional(),
    merchant_id: z.uuid().optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
  })
  .refine(rangeRule, rangeIssue);
export const reviewRejectSchema = z.object({ remark: z.string().trim().min(1).max(200) });
export const reviewApproveSchema = z.object({ remark: z.string().trim().max(200).default('') });

// ---- Recharge by Alipay ---------------------------------------------------------------------------
export const alipayCreateSchema = z.object({
  amount: amountMinorSchema,
  /** Alipay page pay settles in CNY (decision 0015). */
  currency: z.literal('CNY').default('CNY'),
  agreement: agreementSchema,
});
export const alipayOrderSchema = z.object({
  out_trade_no: z.string(),
  amount: z.number().int(),
  currency,
  status: z.enum(ALIPAY_ORDER_STATUSES),
  alipay_trade_no: z.string().nullable(),
  trade_no: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export const alipayPayReplySchema = alipayOrderSchema.extend({
  /** Open this in the browser (GET): Alipay's cashier, or the local sandbox. */
  pay_url: z.string(),
});
export const outTradeNoParamsSchema = z.object({
  out_trade_no: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_]+$/),
});

// ---- Withdrawal (spec §3 Withdrawal, §5 min/max and agreement) ------------------------------------
export const withdrawalSettingsSchema = z.object({
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  /** Fee in basis points of the amount (50 = 0.5%), rounded half up to a minor unit. */
  fee_bps: z.number().int(),
  methods: z.array(z.enum(WITHDRAWAL_METHODS)),
});
export type WithdrawalSettings = z.infer<typeof withdrawalSettingsSchema>;

/** The fee of a withdrawal amount at a scale in basis points, rounded half up (integer maths). */
export function withdrawalFee(amountMinor: number, feeBps: number): number {
  return Number((BigInt(amountMinor) * BigInt(feeBps) + 5_000n) / 10_000n);
}

export const withdrawalCreateSchema = z.object({
  amount: amountMinorSchema,
  currency,
  method: z.enum(WITHDRAWAL_METHODS),
  account_name: z.string().trim().min(1).max(100),
  /** Bank card or Alipay account. */
  account_no: z.string().trim().min(4).max(64),
  bank_name: z.string().trim().max(100).default(''),
  remark: z.string().trim().max(200).default(''),
  agreement: agreementSchema,
  idempotency_key: idempotencyKeySchema.optional(),
});
export const withdrawalSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** What reaches the merchant's account: amount − fee. */
  net_amount: z.number().int(),
  currency,
  method: z.enum(WITHDRAWAL_METHODS),
  account_name: z.string(),
  account_no: z.string(),
  bank_name: z.string(),
  remark: z.string(),
  status: z.enum(REVIEW_STATUSES),
  review_remark: z.string(),
  reviewer_id: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  hold_trade_no: z.string().nullable(),
  release_trade_no: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
