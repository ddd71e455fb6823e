import { Card, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CARRIERS, OrderStatus } from '@pod/shared';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';

const STEPS = ['paid', 'in_production', 'shipped'] as const;

/**
 * The merchant's view of production (issue 21): paid → in production → shipped, with the carrier
 * and tracking number once the factory shipped. Nothing for unpaid or cancelled orders.
 */
export function ProductionProgress(props: {
  status: OrderStatus;
  trackingNo: string;
  carrierCode: string;
  paidAt: string | null;
  shippedAt: string | null;
}) {
  const { t } = useTranslation();
  const at = props.status === 'completed' ? 2 : STEPS.indexOf(props.status as (typeof STEPS)[number]);
  if (at < 0) return null;
  const carrier = props.carrierCode
    ? t(`fulfilment.carrier.${props.carrierCode as (typeof CARRIERS)[number]}`)
    : '';
  return (
    <Card
      size="small"
      title={t('fulfilment.progress')}
      data-testid="production-progress"
      data-status={props.status}
    >
      <Steps
        size="small"
        current={at}
        items={STEPS.map((s) => ({
          title: t(`fulfilment.progressSteps.${s}`),
          description:
            s === 'paid' && props.paidAt
              ? formatDateTime(props.paidAt, currentLanguage())
              : s === 'shipped' && props.shippedAt
                ? `${formatDateTime(props.shippedAt, currentLanguage())} ${carrier} ${props.trackingNo}`
                : undefined,
        }))}
      />
    </Card>
  );
}
