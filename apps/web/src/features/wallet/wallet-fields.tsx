import { useCallback } from 'react';
import {
  Checkbox,
  DatePicker,
  Form,
  Image,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  REVIEW_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  WALLET_CURRENCIES,
  type MenuNode,
  type WalletCurrency,
  tenancyOperations,
  type Transfer,
} from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { useCrudSelect } from '../crud/api.ts';
import { menuHref } from '../layout/menu-tree.ts';
import {
  CURRENCY_SYMBOLS,
  formatMoney,
  isRangeAllowed,
  MAX_AMOUNT_MAJOR,
  parseAmount,
  type PickedRange,
} from './money-format.ts';

type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Formats minor units of a currency in the interface language. */
export function useMoney() {
  return useCallback(
    (minor: number, currency: WalletCurrency, signed = false) =>
      formatMoney(minor, currency, currentLanguage(), { signed }),
    [],
  );
}

/** An amount cell: the currency symbol and two decimals; signed amounts coloured credit/debit. */
export function Money({
  minor,
  currency,
  signed = false,
}: {
  minor: number;
  currency: WalletCurrency;
  signed?: boolean;
}) {
  const money = useMoney();
  const type = signed ? (minor > 0 ? 'success' : minor < 0 ? 'danger' : undefined) : undefined;
  return (
    <Typography.Text type={type} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {money(minor, currency, signed)}
    </Typography.Text>
  );
}

const REVIEW_COLOURS: Record<ReviewStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** A review status (spec §4: submit, wait for finance review, review result). */
export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={REVIEW_COLOURS[status]} data-testid="review-status" data-status={status}>
      {t(`wallet.review.${status}`)}
    </Tag>
  );
}

/** A transaction status (spec §4: success or failure). */
export function TransactionStatusTag({ status }: { status: (typeof TRANSACTION_STATUSES)[number] }) {
  const { t } = useTranslation();
  return <Tag color={status === 'success' ? 'green' : 'red'}>{t(`wallet.status.${status}`)}</Tag>;
}

/** Options of the wallet's filters and forms, in the interface language. */
export function useWalletOptions() {
  const { t } = useTranslation();
  return {
    currencies: WALLET_CURRENCIES.map((value) => ({ value, label: t(`wallet.currency.${value}`) })),
    types: TRANSACTION_TYPES.map((value) => ({ value, label: t(`wallet.type.${value}`) })),
    statuses: TRANSACTION_STATUSES.map((value) => ({ value, label: t(`wallet.status.${value}`) })),
    reviews: REVIEW_STATUSES.map((value) => ({ value, label: t(`wallet.review.${value}`) })),
  };
}

/** A select filter with "All" for nothing chosen. */
export function FilterSelect(props: {
  options: { value: string; label: string }[];
  value?: string;
  onChange?: (value: string) => void;
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { width = 150, testId, ...rest } = props;
  return <Select allowClear placeholder={t('crud.all')} style={{ width }} data-testid={testId} {...rest} />;
}

/** The merchant filter of finance lists (quiet and empty when the user may not list merchants). */
export function MerchantSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  allowClear?: boolean;
  width?: number;
}) {
  const { t } = useTranslation();
  const merchants = useCrudSelect(tenancyOperations.merchant);
  const { width = 200, allowClear = true, ...rest } = props;
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={t('crud.all')}
      loading={merchants.isPending}
      options={merchants.data ?? []}
      style={{ width }}
      data-testid="wallet-merchant-select"
      {...rest}
    />
  );
}

/** spec §5: the date range filter; longer than a year is refused here, before the server does. */
export function DateRangeItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="range"
      label={t('wallet.col.dateRange')}
      rules={[
        {
          validator: (_rule, value: PickedRange) =>
            isRangeAllowed(value) ? Promise.resolve() : Promise.reject(new Error(t('wallet.rangeTooLong'))),
        },
      ]}
    >
      <DatePicker.RangePicker allowEmpty={[true, true]} />
    </Form.Item>
  );
}

/** An amount in yuan/dollars with two decimals; the form turns it into minor units. */
export function AmountInput(props: {
  currency: WalletCurrency;
  value?: number | null;
  onChange?: (value: number | null) => void;
  testId?: string;
}) {
  const { currency, testId, ...rest } = props;
  return (
    <InputNumber<number>
      min={0}
      max={MAX_AMOUNT_MAJOR}
      precision={2}
      step={1}
      prefix={CURRENCY_SYMBOLS[currency]}
      style={{ width: 220 }}
      data-testid={testId}
      {...rest}
    />
  );
}

/**
 * The rule of an amount field (mark it `required` on the Form.Item): a positive amount with at most two decimals, then any
 * further check of the minor units (e.g. the withdrawal limits), which returns a message or null.
 */
export function useAmountRule() {
  const { t } = useTranslation();
  return useCallback(
    (check?: (minor: number) => string | null): FormRule => ({
      validator: (_rule, value: unknown) => {
        if (value === null || value === undefined || value === '')
          return Promise.reject(new Error(t('validation.required', { field: t('fields.amount') })));
        const minor = parseAmount(value);
        if (minor === null || minor <= 0) return Promise.reject(new Error(t('wallet.amountInvalid')));
        const message = check?.(minor) ?? null;
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    }),
    [t],
  );
}

/** spec §5: "Withdrawal and top-up need the agreement ticked"; links the user agreement. */
export function AgreementItem({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="agreement"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, value: unknown) =>
            value === true ? Promise.resolve() : Promise.reject(new Error(t('wallet.agreementRequired'))),
        },
      ]}
    >
      <Checkbox data-testid={testId}>
        {t('wallet.agreement')}{' '}
        <Link to={PATHS.protocol} target="_blank" rel="noopener">
          {t('auth.agreementLink')}
        </Link>
      </Checkbox>
    </Form.Item>
  );
}

function findMenuNamed(nodes: readonly MenuNode[], name: string): MenuNode | null {
  for (const node of nodes) {
    if (node.type === 'menu' && node.name === name) return node;
    const inner = findMenuNamed(node.children, name);
    if (inner) return inner;
  }
  return null;
}

/**
 * A wallet menu page the session holds, by catalogue name (its path is the administrators' to
 * choose): its address and permitted buttons, or null when the user does not have it.
 */
export function useMenuLink(name: string): { href: string; buttons: ReadonlySet<string> } | null {
  const { menus } = useAdminSession();
  const node = findMenuNamed(menus, name);
  return node ? { href: menuHref(node), buttons: new Set(node.buttons) } : null;
}

/** Where "recharge" leads: the recharge form of a method, optionally in a currency. */
export function rechargeHref(method: 'transfer' | 'alipay', currency?: WalletCurrency): string {
  const query = currency ? `?currency=${currency}` : '';
  return `${PATHS.adminRechargeBalance}/${method}${query}`;
}

/** An attachment the page knows the address of (the uploads it made itself). */
export type KnownImage = Transfer['receipt_images'][number];

/**
 * The receipt images of a transfer (spec §5: up to 3). Thumbnails show for images whose address is
 * known; the transfer reply itself names the images by id only, so otherwise their count shows.
 */
export function ReceiptImages({
  ids,
  known = [],
}: {
  ids: readonly string[];
  known?: readonly KnownImage[];
}) {
  const { t } = useTranslation();
  if (ids.length === 0)
    return <Typography.Text type="secondary">{t('wallet.transfer.noReceipts')}</Typography.Text>;
  const shown = ids.flatMap((id) => known.filter((image) => image.id === id));
  return (
    <Space wrap data-testid="receipt-images" data-count={ids.length}>
      {shown.map((image) => (
        <Image
          key={image.id}
          width={72}
          height={72}
          style={{ objectFit: 'cover' }}
          src={image.thumb_url ?? image.url}
          preview={{ src: image.url }}
          alt=""
        />
      ))}
      {shown.length < ids.length ? (
        <Typography.Text type="secondary">
          {t('wallet.transfer.receiptCount', { count: ids.length })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
