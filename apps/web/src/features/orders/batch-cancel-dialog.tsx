import { useState } from 'react';
import { Alert, Button, Flex, Input, List, Modal, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, type OrderCancelBatchReply } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { useCancelOrders } from './api.ts';

/** The numbers of a query box: separated by spaces, commas, semicolons or line breaks (spec §5). */
export const boxNumbers = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,，;；]+/)
      .map((v) => v.trim().toUpperCase())
      .filter(Boolean),
  ),
];

/**
 * Batch cancel (spec §5: the 20-number box for cancel; decision 0062): paste up to 20 order
 * numbers, confirm, and see per order whether it was cancelled or why not (only unpaid orders are
 * cancelled here; paid ones go through a cancel request).
 */
export function BatchCancelButton() {
  const { t } = useTranslation();
  const cancel = useCancelOrders();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<OrderCancelBatchReply | null>(null);
  const numbers = boxNumbers(text);
  const max = LIMITS.orderQuery.small;
  const close = () => {
    setOpen(false);
    setText('');
    setError(null);
    setResult(null);
  };
  const submit = async () => {
    setError(null);
    try {
      setResult(await cancel.mutateAsync(numbers));
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('request.unknownError'));
    }
  };

  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="order-batch-cancel">
        {t('orderCentre.batchCancel.button')}
      </Button>
      {open ? (
        <Modal
          open
          title={t('orderCentre.batchCancel.title')}
          onCancel={close}
          destroyOnHidden
          footer={
            result ? (
              <Button onClick={close}>{t('orderCentre.batchCancel.close')}</Button>
            ) : (
              <Flex justify="end" gap={8}>
                <Button onClick={close}>{t('app.cancel')}</Button>
                <Popconfirm
                  title={t('orderCentre.batchCancel.confirm', { count: numbers.length })}
                  okText={t('orders.action.cancel')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('app.cancel')}
                  onConfirm={() => void submit()}
                  disabled={!numbers.length || numbers.length > max}
                >
                  <Button
                    danger
                    type="primary"
                    loading={cancel.isPending}
                    disabled={!numbers.length || numbers.length > max}
                    data-testid="order-batch-cancel-submit"
                  >
                    {t('orders.action.cancel')}
                  </Button>
                </Popconfirm>
              </Flex>
            )
          }
        >
          <Flex vertical gap={12} data-testid="order-batch-cancel-dialog">
            {result ? (
              <>
                <Alert
                  type={result.failed.length ? 'warning' : 'success'}
                  showIcon
                  title={t('orderCentre.batchCancel.done', {
                    cancelled: result.cancelled.length,
                    failed: result.failed.length,
                  })}
                  data-testid="order-batch-cancel-result"
                />
                {result.failed.length ? (
                  <List
                    size="small"
                    dataSource={result.failed}
                    renderItem={(f) => (
                      <List.Item data-testid="order-batch-cancel-failed">
                        <Typography.Text strong>{f.order_no}</Typography.Text>
                        <Typography.Text type="danger">{f.message}</Typography.Text>
                      </List.Item>
                    )}
                  />
                ) : null}
              </>
            ) : (
              <>
                <Input.TextArea
                  rows={5}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder={t('orders.centre.boxHint', { max })}
                  data-testid="order-batch-cancel-box"
                />
                <Typography.Text type={numbers.length > max ? 'danger' : 'secondary'}>
                  {t('orderCentre.batchCancel.count', { count: numbers.length, max })}
                </Typography.Text>
                {error ? (
                  <Alert type="error" showIcon title={error} data-testid="order-batch-cancel-error" />
                ) : null}
              </>
            )}
          </Flex>
        </Modal>
      ) : null}
    </>
  );
}
