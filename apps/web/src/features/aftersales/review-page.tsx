import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Radio, Tabs } from 'antd';
import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { aftersalesRejectSchema, maxLengthOf, PERMISSIONS, type WalletCurrency } from '@pod/shared';
import { CrudPage, type CrudColumn } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { parseAmount } from '../wallet/money-format.ts';
import { AmountInput, MerchantSelect } from '../wallet/wallet-fields.tsx';
import {
  AFTERSALES_RESOURCES,
  useAftersalesDetail,
  useApproveAftersales,
  useCloseAftersales,
  useRejectAftersales,
  type AftersalesRow,
} from './api.ts';
import { AftersalesDescriptions } from './aftersales-fields.tsx';
import { AftersalesFilters, toAftersalesParams, useAftersalesColumns } from './request-list-page.tsx';

interface Decision {
  row: AftersalesRow;
  decision: 'approve' | 'reject';
}

/** Approve with the actual refund (≤ the application, or more within the remainder with a note), or reject with a note. */
function DecisionModal(props: { target: Decision | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount?: number | null; note?: string; refund_to?: 'balance' | 'alipay' }>();
  const approve = useApproveAftersales();
  const reject = useRejectAftersales();
  const row = props.target?.row;
  const detail = useAftersalesDetail('reviewer', row?.id ?? null);

  useEffect(() => {
    form.resetFields();
    if (row) form.setFieldsValue({ amount: row.application_amount / 100, note: '', refund_to: 'balance' });
  }, [row, form]);

  if (!props.target || !row) return null;
  const isApprove = props.target.decision === 'approve';
  const onFinish = async (v: { amount?: number | null; note?: string; refund_to?: 'balance' | 'alipay' }) => {
    if (isApprove)
      await approve.mutateAsync({
        id: row.id,
        body: {
          refund_amount: parseAmount(v.amount ?? 0) ?? 0,
          note: v.note ?? '',
          refund_to: v.refund_to ?? 'balance',
        },
      });
    else await reject.mutateAsync({ id: row.id, note: v.note ?? '' });
    props.onClose();
  };
  return (
    <Modal
      open
      title={t(isApprove ? 'aftersales.review.approveTitle' : 'aftersales.review.rejectTitle', {
        no: row.request_no,
      })}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: approve.isPending || reject.isPending }}
      okText={t(isApprove ? 'aftersales.review.approve' : 'aftersales.review.reject')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
        data-testid="aftersales-decision-form"
      >
        {isApprove ? (
          <>
            <Form.Item name="amount" label={t('aftersales.review.refundAmount')} required>
              <AmountInput currency={row.currency as WalletCurrency} testId="aftersales-approve-amount" />
            </Form.Item>
            {detail.data?.order.pay_method === 'alipay' ? (
              <Form.Item name="refund_to" label={t('aftersales.col.refundTo')}>
                <Radio.Group
                  options={[
                    { value: 'balance', label: t('aftersales.review.toBalance') },
                    { value: 'alipay', label: t('aftersales.review.toAlipay') },
                  ]}
                />
              </Form.Item>
            ) : null}
          </>
        ) : null}
        <Form.Item
          name="note"
          label={t('aftersales.review.note')}
          rules={isApprove ? [] : [{ required: true, whitespace: true }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={maxLengthOf(aftersalesRejectSchema.shape.note)}
            data-testid="aftersales-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The supplier's after-sales review (finance): pending requests and all of them; approve (the
 * refund goes to the merchant's balance, or back to Alipay), reject, close — by button rights.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  const buttons = usePageButtons();
  const [target, setTarget] = useState<Decision | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const detail = useAftersalesDetail('reviewer', shown);
  const close = useCloseAftersales('reviewer');
  const rights = PERMISSIONS.afterSalesReview;
  const columns: readonly CrudColumn<AftersalesRow>[] = [
    { key: 'merchant_name', title: t('aftersales.col.merchant') },
    ...useAftersalesColumns(),
  ];

  const list = (pending: boolean) => (
    <CrudPage<AftersalesRow>
      testId={`aftersales-review-${pending ? 'pending' : 'all'}`}
      resource={pending ? AFTERSALES_RESOURCES.pending : AFTERSALES_RESOURCES.all}
      {...(pending ? {} : { exportPage: 'finance/afterSalesReview' })}
      hasQuickSearch={false}
      isDeletable={false}
      toFilterParams={toAftersalesParams}
      filters={
        <>
          <Form.Item name="merchant_id" label={t('aftersales.col.merchant')}>
            <MerchantSelect />
          </Form.Item>
          <AftersalesFilters />
        </>
      }
      columns={columns}
      rowActions={(row) => (
        <>
          <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setShown(row.id)}>
            {t('aftersales.progress')}
          </Button>
          {row.status === 'pending_review' && buttons.has(rights.approve) ? (
            <Button
              size="small"
              type="link"
              icon={<CheckOutlined />}
              data-testid="aftersales-approve"
              onClick={() => setTarget({ row, decision: 'approve' })}
            >
              {t('aftersales.review.approve')}
            </Button>
          ) : null}
          {row.status === 'pending_review' && buttons.has(rights.reject) ? (
            <Button
              size="small"
              type="link"
              danger
              icon={<CloseOutlined />}
              data-testid="aftersales-reject"
              onClick={() => setTarget({ row, decision: 'reject' })}
            >
              {t('aftersales.review.reject')}
            </Button>
          ) : null}
          {row.status !== 'closed' && buttons.has(rights.close) ? (
            <Popconfirm
              title={t('aftersales.closeConfirm')}
              onConfirm={() => {
                void close.mutateAsync(row.id);
              }}
            >
              <Button size="small" type="link" danger data-testid="aftersales-review-close">
                {t('aftersales.close')}
              </Button>
            </Popconfirm>
          ) : null}
        </>
      )}
    />
  );

  return (
    <>
      <Tabs
        data-testid="aftersales-review-page"
        items={[
          { key: 'pending', label: t('aftersales.review.tabPending'), children: list(true) },
          { key: 'all', label: t('aftersales.review.tabAll'), children: list(false) },
        ]}
      />
      <DecisionModal target={target} onClose={() => setTarget(null)} />
      <Drawer
        open={shown !== null}
        title={t('aftersales.progress')}
        size={640}
        onClose={() => setShown(null)}
      >
        {detail.data ? <AftersalesDescriptions detail={detail.data} /> : null}
      </Drawer>
    </>
  );
}
