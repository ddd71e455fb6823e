import { Card, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CARRIERS, OrderCentreDetail } from '@pod/shared';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { statusTimeline } from './status-timeline.ts';

/**
 * The order's status timeline (issue 26): created, paid, in production, shipped (with the carrier
 * and tracking number), completed — or where it stopped (cancelled, timed out, after-sales).
 */
export function OrderStatusTimeline({ order }: { order: OrderCentreDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const steps = statusTimeline(order);
  const carrier = order.carrier_code
    ? t(`fulfilment.carrier.${order.carrier_code as (typeof CARRIERS)[number]}`)
    : '';
  const current = steps.findIndex((s) => s.state === 'current' || s.state === 'stopped');
  return (
    <Card
      size="small"
      title={t('orders.timeline.title')}
      data-testid="order-status-timeline"
      data-status={order.status}
    >
      <Steps
        size="small"
        current={current < 0 ? steps.length - 1 : current}
        status={steps.some((s) => s.state === 'stopped') ? 'error' : current < 0 ? 'finish' : 'process'}
        items={steps.map((s) => ({
          title: <span data-step={s.step}>{t(`orders.timeline.step.${s.step}`)}</span>,
          description: [
            s.at ? formatDateTime(s.at, language) : '',
            s.step === 'shipped' && s.at ? `${carrier} ${order.tracking_no}`.trim() : '',
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
      />
    </Card>
  );
}
