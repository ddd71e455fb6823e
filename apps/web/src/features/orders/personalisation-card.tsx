import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Image,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { personalisationOperations, type LinePersonalisation } from '@pod/shared';
import { Link } from 'react-router';
import { call } from '../../api/call.ts';
import { PATHS } from '../../app/paths.ts';
import { orderKeys } from './api.ts';

const STATUS_COLOR: Record<LinePersonalisation['status'], string> = {
  pending: 'default',
  rendering: 'processing',
  done: 'success',
  review: 'error',
};

/** The editor opened on one order line's personalised design (designs feature, decision 0053). */
export function personalisedEditorHref(orderNo: string, line: LinePersonalisation): string {
  const query = new URLSearchParams({
    product: line.product_id ?? '',
    order: orderNo,
    line: line.line_id,
  });
  if (line.color_id) query.set('color', line.color_id);
  return `${PATHS.adminDesign}?${query.toString()}`;
}

/**
 * Buyer personalisation of the order's lines (issue 20, decision 0053): each customised line's
 * status, the reason it is flagged for review, the buyer's entries, its own mockup and print
 * files, and a way into the editor. Shown only when some line is personalised.
 */
export function PersonalisationCard({ orderNo, isUnpaid }: { orderNo: string; isUnpaid: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const key = [...orderKeys.detail(orderNo), 'personalisation'];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      call(personalisationOperations.orderPersonalisation, {
        params: { order_no: orderNo },
        signal,
        showErrorMessage: false,
      }),
    // While lines are being filled, poll (the job's progress shows per line).
    refetchInterval: (q) =>
      q.state.data?.lines.some((l) => l.status === 'pending' || l.status === 'rendering') ? 1_500 : false,
  });
  const data = query.data;
  if (!data || data.lines.length === 0) return null;
  const busy = data.lines.some((l) => l.status === 'pending' || l.status === 'rendering');
  const done = data.lines.filter((l) => l.status === 'done' || l.status === 'review').length;

  const run = async () => {
    setRunning(true);
    try {
      await call(personalisationOperations.orderPersonalisationRun, { params: { order_no: orderNo } });
      void message.success(t('orders.personalisation.queued'));
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    } catch {
      // call() showed the reason.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('orders.personalisation.title')}
      data-testid="order-personalisation"
      extra={
        isUnpaid && (
          <Popconfirm title={t('orders.personalisation.runConfirm')} onConfirm={() => void run()}>
            <Button size="small" loading={running} data-testid="personalisation-run">
              {t('orders.personalisation.run')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <Flex vertical gap={12}>
        {data.blocking_lines > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="personalisation-blocking"
            message={t('orders.personalisation.blocking', { count: data.blocking_lines })}
          />
        )}
        {busy && (
          <Progress
            percent={Math.round((done / data.lines.length) * 100)}
            status="active"
            size="small"
            data-testid="personalisation-progress"
          />
        )}
        <Table<LinePersonalisation>
          size="small"
          rowKey="line_id"
          pagination={false}
          dataSource={data.lines}
          columns={[
            {
              title: t('orders.personalisation.mockup'),
              key: 'mockup',
              width: 120,
              render: (_: unknown, l) => {
                const r = l.renders[0];
                return r?.mockup_url ? (
                  <Image
                    src={r.thumb_url ?? r.mockup_url}
                    preview={{ src: r.mockup_url }}
                    width={96}
                    height={96}
                    style={{ objectFit: 'contain' }}
                    data-testid="personalisation-mockup"
                  />
                ) : (
                  <Typography.Text type="secondary">—</Typography.Text>
                );
              },
            },
            {
              title: t('orders.personalisation.line'),
              key: 'line',
              render: (_: unknown, l) => (
                <Flex vertical gap={4}>
                  <Typography.Text strong>{l.name}</Typography.Text>
                  <Space size={4} wrap>
                    <Tag color={STATUS_COLOR[l.status]} data-testid="personalisation-status">
                      {t(`orders.personalisation.status.${l.status}`)}
                    </Tag>
                    {l.edited && <Tag>{t('orders.personalisation.edited')}</Tag>}
                  </Space>
                  {l.reason && (
                    <Typography.Text type="danger" data-testid="personalisation-reason">
                      {l.reason}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: t('orders.personalisation.buyer'),
              key: 'buyer',
              render: (_: unknown, l) => (
                <Flex vertical gap={2}>
                  {l.customisation.map((c, i) =>
                    c.kind === 'text' ? (
                      <Typography.Text key={i}>
                        {c.label ? `${c.label}: ` : ''}
                        {c.value}
                      </Typography.Text>
                    ) : (
                      <Typography.Link key={i} href={c.value} target="_blank" rel="noreferrer noopener">
                        {c.label ? `${c.label}: ` : ''}
                        {t('orders.personalisation.buyerImage')}
                      </Typography.Link>
                    ),
                  )}
                </Flex>
              ),
            },
            {
              title: t('orders.personalisation.files'),
              key: 'files',
              render: (_: unknown, l) => (
                <Flex vertical gap={2}>
                  {l.renders.map((r) =>
                    r.print_url ? (
                      <Typography.Link
                        key={r.surface_key}
                        href={r.print_url}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {t('orders.personalisation.printFile', { surface: r.surface_key })}
                      </Typography.Link>
                    ) : null,
                  )}
                  {isUnpaid && l.document && l.product_id && (
                    <Link to={personalisedEditorHref(orderNo, l)} data-testid="personalisation-edit">
                      {t('orders.personalisation.edit')}
                    </Link>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
