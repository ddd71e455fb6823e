import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Divider,
  Empty,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Spin,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  LIMITS,
  TRANSFER_TYPES,
  transferCreateSchema,
  WALLET_CURRENCIES,
  type Attachment,
  type WalletCurrency,
  maxLengthOf,
} from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { PATHS } from '../../app/paths.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useZodField } from '../../forms/use-zod-field.ts';
import { UploadField } from '../uploads/upload-field.tsx';
import { idsOf, type UploadValue } from '../uploads/upload-value.ts';
import { useRechargeAccounts, useStartAlipay, useSubmitTransfer, type RechargeAccount } from './api.ts';
import { parseAmount } from './money-format.ts';
import { AgreementItem, AmountInput, useAmountRule, type KnownImage } from './wallet-fields.tsx';

/** How a merchant recharges (spec §2 `rechargeBalance/:type`). */
export type RechargeMethod = 'transfer' | 'alipay';
export const RECHARGE_METHODS: readonly RechargeMethod[] = ['transfer', 'alipay'];

/** What the result page is handed after a transfer: the receipts just uploaded, to show them. */
export interface TransferResultState {
  receipts: KnownImage[];
}

/**
 * The recharge form (spec §2, §3 Recharge): choose a currency and a method. A bank transfer shows
 * the tenant's active accounts in that currency and asks for the receipt; Alipay (CNY only) opens
 * Alipay's cashier. Without the recharge button right the form is read-only.
 */
export function RechargeForm(props: {
  initialMethod?: RechargeMethod;
  initialCurrency?: WalletCurrency;
  canAdd: boolean;
}) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<WalletCurrency>(props.initialCurrency ?? 'CNY');
  const [method, setMethod] = useState<RechargeMethod>(props.initialMethod ?? 'transfer');
  // spec: Alipay page pay settles in CNY (decision 0015).
  const isAlipay = method === 'alipay' && currency === 'CNY';

  return (
    <Card data-testid="recharge-form">
      <Flex vertical gap={16}>
        {props.canAdd ? null : <Alert type="warning" showIcon title={t('wallet.recharge.noPermission')} />}
        <Flex gap={32} wrap>
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('wallet.recharge.currency')}</Typography.Text>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={currency}
              onChange={(event) => setCurrency(event.target.value as WalletCurrency)}
              options={WALLET_CURRENCIES.map((value) => ({
                value,
                label: t(`wallet.currency.${value}`),
              }))}
              data-testid="recharge-currency"
            />
          </Flex>
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('wallet.recharge.method')}</Typography.Text>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={isAlipay ? 'alipay' : 'transfer'}
              onChange={(event) => setMethod(event.target.value as RechargeMethod)}
              options={RECHARGE_METHODS.map((value) => ({
                value,
                label: t(`wallet.recharge.methods.${value}`),
                disabled: value === 'alipay' && currency !== 'CNY',
              }))}
              data-testid="recharge-method"
            />
            {currency === 'CNY' ? null : (
              <Typography.Text type="secondary">{t('wallet.recharge.alipayCnyOnly')}</Typography.Text>
            )}
          </Flex>
        </Flex>
        <Divider style={{ margin: 0 }} />
        {isAlipay ? (
          <AlipayForm canAdd={props.canAdd} />
        ) : (
          <TransferForm key={currency} currency={currency} canAdd={props.canAdd} />
        )}
      </Flex>
    </Card>
  );
}

const TRANSFER_FIELDS = [
  'payment_account_id',
  'receipt_no',
  'amount',
  'transfer_type',
  'receipt_image_ids',
  'bank_name',
  'bank_account_name',
  'bank_account_no',
  'remark',
  'agreement',
] as const;

type TransferValues = {
  payment_account_id?: string;
  receipt_no?: string;
  amount?: number | null;
  transfer_type?: (typeof TRANSFER_TYPES)[number];
  receipt_image_ids?: UploadValue;
  bank_name?: string;
  bank_account_name?: string;
  bank_account_no?: string;
  remark?: string;
  agreement?: boolean;
};

/** spec §3, §5: a bank-transfer recharge, reviewed by finance before the balance is credited. */
function TransferForm({ currency, canAdd }: { currency: WalletCurrency; canAdd: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const field = useZodField();
  const amountRule = useAmountRule();
  const [form] = Form.useForm<TransferValues>();
  const accounts = useRechargeAccounts(currency);
  const submit = useSubmitTransfer();
  const onFailure = useFormFailure(form, TRANSFER_FIELDS);
  const [uploaded, setUploaded] = useState<KnownImage[]>([]);
  const shape = transferCreateSchema.shape;
  const list = accounts.data ?? [];

  // One account to choose from is chosen already.
  useEffect(() => {
    const only = accounts.data?.length === 1 ? accounts.data[0] : undefined;
    if (only && !form.getFieldValue('payment_account_id')) form.setFieldValue('payment_account_id', only.id);
  }, [accounts.data, form]);

  const onFinish = async (values: TransferValues) => {
    const amount = parseAmount(values.amount);
    if (amount === null) return;
    const receiptIds = idsOf(values.receipt_image_ids);
    try {
      const transfer = await submit.mutateAsync({
        receipt_no: values.receipt_no ?? '',
        amount,
        currency,
        transfer_type: values.transfer_type ?? 'domestic',
        payment_account_id: values.payment_account_id ?? '',
        receipt_image_ids: receiptIds,
        bank_name: values.bank_name ?? '',
        bank_account_name: values.bank_account_name ?? '',
        bank_account_no: values.bank_account_no ?? '',
        remark: values.remark ?? '',
        agreement: values.agreement === true,
      });
      const state: TransferResultState = { receipts: uploaded.filter((r) => receiptIds.includes(r.id)) };
      form.resetFields();
      setUploaded([]);
      await navigate(`${PATHS.adminRechargeResult}?type=transfer&id=${encodeURIComponent(transfer.id)}`, {
        state,
      });
    } catch (error) {
      onFailure(error as ApiError);
    }
  };

  if (accounts.isPending) return <Spin />;
  if (accounts.isError) return <Alert type="error" showIcon title={accounts.error.msg} />;

  return (
    <Form<TransferValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={{ transfer_type: 'domestic', receipt_image_ids: [] }}
      disabled={!canAdd}
      onFinish={(values) => void onFinish(values)}
      data-testid="transfer-form"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('wallet.recharge.accountsTitle')}
      </Typography.Title>
      {list.length === 0 ? (
        <Empty
          data-testid="recharge-no-accounts"
          description={t('wallet.recharge.noAccounts', { currency: t(`wallet.currency.${currency}`) })}
        />
      ) : (
        <Form.Item {...field('payment_account_id', shape.payment_account_id)} label={null}>
          <Radio.Group style={{ width: '100%' }} data-testid="recharge-accounts">
            <Flex vertical gap={8}>
              {list.map((account) => (
                <AccountOption key={account.id} account={account} />
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
      )}
      <Typography.Paragraph type="secondary">{t('wallet.recharge.transferHint')}</Typography.Paragraph>
      <Form.Item {...field('receipt_no', shape.receipt_no)}>
        <Input maxLength={maxLengthOf(shape.receipt_no)} data-testid="recharge-receipt-no" />
      </Form.Item>
      <Form.Item name="amount" label={t('wallet.col.amount')} required rules={[amountRule()]}>
        <AmountInput currency={currency} testId="recharge-amount" />
      </Form.Item>
      <Form.Item {...field('transfer_type', shape.transfer_type)}>
        <Select
          style={{ width: 220 }}
          options={TRANSFER_TYPES.map((value) => ({ value, label: t(`wallet.transferType.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        {...field('receipt_image_ids', shape.receipt_image_ids)}
        extra={t('wallet.recharge.receiptHint', { count: LIMITS.receiptImages })}
      >
        <UploadField
          topic="receipt"
          maxCount={LIMITS.receiptImages}
          testId="recharge-receipts"
          disabled={!canAdd}
          onUploaded={(attachment: Attachment) =>
            setUploaded((list) => [
              ...list,
              { id: attachment.id, url: attachment.url, thumb_url: attachment.thumb_url },
            ])
          }
        />
      </Form.Item>
      <Typography.Title level={5}>{t('wallet.recharge.payerTitle')}</Typography.Title>
      <Form.Item {...field('bank_name', shape.bank_name)}>
        <Input maxLength={maxLengthOf(shape.bank_name)} data-testid="recharge-bank-name" />
      </Form.Item>
      <Form.Item {...field('bank_account_name', shape.bank_account_name)}>
        <Input maxLength={maxLengthOf(shape.bank_account_name)} data-testid="recharge-bank-account-name" />
      </Form.Item>
      <Form.Item {...field('bank_account_no', shape.bank_account_no)}>
        <Input maxLength={LIMITS.text.cardNumber} autoComplete="off" data-testid="recharge-bank-account-no" />
      </Form.Item>
      <Form.Item {...field('remark', shape.remark)}>
        <Input.TextArea maxLength={maxLengthOf(shape.remark)} rows={2} />
      </Form.Item>
      <AgreementItem testId="recharge-agreement" />
      {canAdd ? (
        <Button
          type="primary"
          htmlType="submit"
          loading={submit.isPending}
          disabled={list.length === 0}
          data-testid="recharge-submit"
        >
          {t('wallet.recharge.submit')}
        </Button>
      ) : null}
    </Form>
  );
}

/** A platform account to transfer to (the card number is shown whole: the merchant needs it). */
function AccountOption({ account }: { account: RechargeAccount }) {
  return (
    <Radio value={account.id} style={{ alignItems: 'flex-start' }}>
      <Flex vertical data-testid="recharge-account" data-account-id={account.id}>
        <Typography.Text strong>{account.account_name}</Typography.Text>
        <Typography.Text type="secondary">
          {[account.bank_name, account.bank_type].filter(Boolean).join(' · ')}
        </Typography.Text>
        <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
          {account.card_number}
        </Typography.Text>
      </Flex>
    </Radio>
  );
}

type AlipayValues = { amount?: number | null; agreement?: boolean };

/** A recharge through Alipay page pay: the browser goes to Alipay's cashier, then comes back. */
function AlipayForm({ canAdd }: { canAdd: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const amountRule = useAmountRule();
  const [form] = Form.useForm<AlipayValues>();
  const start = useStartAlipay();
  const onFailure = useFormFailure(form, ['amount', 'agreement']);
  const [isLeaving, setIsLeaving] = useState(false);

  const onFinish = async (values: AlipayValues) => {
    const amount = parseAmount(values.amount);
    if (amount === null) return;
    try {
      const order = await start.mutateAsync({
        amount,
        currency: 'CNY',
        agreement: values.agreement === true,
      });
      setIsLeaving(true);
      void message.loading(t('wallet.recharge.redirecting'));
      window.location.assign(order.pay_url);
    } catch (error) {
      onFailure(error as ApiError);
    }
  };

  return (
    <Form<AlipayValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      disabled={!canAdd}
      onFinish={(values) => void onFinish(values)}
      data-testid="alipay-form"
    >
      <Typography.Paragraph type="secondary">{t('wallet.recharge.alipayHint')}</Typography.Paragraph>
      <Form.Item name="amount" label={t('wallet.col.amount')} required rules={[amountRule()]}>
        <AmountInput currency="CNY" testId="alipay-amount" />
      </Form.Item>
      <AgreementItem testId="alipay-agreement" />
      {canAdd ? (
        <Button
          type="primary"
          htmlType="submit"
          loading={start.isPending || isLeaving}
          data-testid="alipay-submit"
        >
          {t('wallet.recharge.payWithAlipay')}
        </Button>
      ) : null}
    </Form>
  );
}
