import { Descriptions, Image, Space, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AftersalesStatus, WalletCurrency } from '@pod/shared';
import { DateTime } from '../access/shared-fields.tsx';
import { Money } from '../wallet/wallet-fields.tsx';
import type { AftersalesDetail } from './api.ts';

const COLOURS: Record<AftersalesStatus, string> = {
  pending_review: 'gold',
  approved: 'green',
  rejected: 'red',
  closed: 'default',
};

export function AftersalesStatusTag({ status }: { status: AftersalesStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} data-testid="aftersales-status" data-status={status}>
      {t(`aftersales.status.${status}`)}
    </Tag>
  );
}

/** An amount of a request (its order's currency). */
export function RequestMoney({ minor, currency }: { minor: number | null; currency: string }) {
  if (minor === null) return <Typography.Text type="secondary">-</Typography.Text>;
  return <Money minor={minor} currency={currency as WalletCurrency} />;
}

/**
 * The progress view (spec §2): submitted, under review, approved or rejected with the reviewer's
 * note, refunded, closed — each step with its time, and the current one while under review.
 */
export function AftersalesProgress({ detail }: { detail: AftersalesDetail }) {
  const { t } = useTranslation();
  const items = detail.timeline.map((step) => ({
    title: t(`aftersales.step.${step.step}`),
    status: step.step === 'rejected' ? ('error' as const) : ('finish' as const),
    description: (
      <Space direction="vertical" size={0} data-testid={`aftersales-step-${step.step}`}>
        <DateTime value={step.at} />
        {step.amount !== null && step.step !== 'submitted' ? (
          <RequestMoney minor={step.amount} currency={detail.currency} />
        ) : null}
        {step.note ? <Typography.Text type="secondary">{step.note}</Typography.Text> : null}
        {step.actor_name ? <Typography.Text type="secondary">{step.actor_name}</Typography.Text> : null}
      </Space>
    ),
  }));
  if (detail.status === 'pending_review')
    items.push({
      title: t('aftersales.step.reviewing'),
      status: 'finish',
      description: <span data-testid="aftersales-step-reviewing">{t('aftersales.step.reviewingHint')}</span>,
    });
  return (
    <Steps
      direction="vertical"
      size="small"
      current={items.length - 1}
      items={items}
      data-testid="aftersales-progress"
    />
  );
}

/** One request: its fields, evidence, lines and progress. */
export function AftersalesDescriptions({ detail }: { detail: AftersalesDetail }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="aftersales-detail">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('aftersales.col.requestNo')}>{detail.request_no}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.orderNo')}>{detail.order_no}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.kind')}>
          {t(`aftersales.kind.${detail.kind}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.source')}>
          {t(`aftersales.source.${detail.source}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.status')}>
          <AftersalesStatusTag status={detail.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.reason')}>{detail.reason}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.refundReason')}>{detail.refund_reason}</Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.refundType')}>
          {t(`aftersales.refundType.${detail.refund_type}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.applicationAmount')}>
          <RequestMoney minor={detail.application_amount} currency={detail.currency} />
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.refundAmount')}>
          <span data-testid="aftersales-refund-amount">
            <RequestMoney minor={detail.refund_amount} currency={detail.currency} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.refundable')}>
          <RequestMoney minor={detail.order.refundable} currency={detail.currency} />
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.auditNote')}>
          {detail.audit_note || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersales.col.images')}>
          <Image.PreviewGroup>
            <Space wrap data-testid="aftersales-images" data-count={detail.images.length}>
              {detail.images.map((img) => (
                <Image key={img.id} src={img.thumb_url ?? img.url} preview={{ src: img.url }} width={64} />
              ))}
            </Space>
          </Image.PreviewGroup>
        </Descriptions.Item>
      </Descriptions>
      {detail.lines.length ? (
        <Descriptions column={1} size="small" title={t('aftersales.col.lines')}>
          {detail.lines.map((l) => (
            <Descriptions.Item key={l.line_id} label={`${l.name} · ${l.color_name} · ${l.size_name}`}>
              × {l.quantity}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      <Typography.Title level={5}>{t('aftersales.progress')}</Typography.Title>
      <AftersalesProgress detail={detail} />
    </Space>
  );
}
