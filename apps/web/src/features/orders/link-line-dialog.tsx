import { useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Flex, Modal, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { useLinkLine } from './api.ts';
import { FinishedSkuPicker, isCompleteSku, type FinishedSku } from './finished-sku-picker.tsx';

type OrderLine = OrderDetail['lines'][number];

/**
 * "Link finished product" for a marketplace line without one (spec §2, §4; decision 0040): pick a
 * finished product, colour and size; "remember" saves the link for the shop's SKU so later orders
 * of the same SKU link themselves. A removed product answers "link failed, link again", one taken
 * off sale "association failed" (spec §8), shown in the dialog.
 */
export function LinkLineDialog({
  orderNo,
  line,
  onClose,
}: {
  orderNo: string;
  line: OrderLine;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const link = useLinkLine();
  const [pick, setPick] = useState<FinishedSku>({});
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!isCompleteSku(pick)) {
      setError(t('orderCentre.link.pickAll'));
      return;
    }
    try {
      await link.mutateAsync({ orderNo, lineId: line.id, body: { ...pick, remember } });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : t('request.unknownError'));
    }
  };

  return (
    <Modal
      open
      title={t('orderCentre.link.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('orderCentre.link.submit')}
      cancelText={t('app.cancel')}
      confirmLoading={link.isPending}
      okButtonProps={{ 'data-testid': 'link-line-submit' }}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="link-line-dialog">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: t('orderCentre.link.external'), children: line.external_name || '—' },
            { key: 'sku', label: t('orderCentre.col.externalSku'), children: line.external_sku_id || '—' },
            {
              key: 'product',
              label: t('orderCentre.col.externalProduct'),
              children: [line.external_product_id, line.external_skc_id].filter(Boolean).join(' / ') || '—',
            },
            { key: 'qty', label: t('orders.col.quantity'), children: line.quantity },
          ]}
        />
        <FinishedSkuPicker
          value={pick}
          onChange={(next) => {
            setPick(next);
            setError(null);
          }}
          testId="link-line-picker"
        />
        <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)}>
          {t('orderCentre.link.remember')}
        </Checkbox>
        {error ? <Alert type="error" showIcon title={error} data-testid="link-line-error" /> : null}
      </Flex>
    </Modal>
  );
}

/** The "unlinked" mark of a line and, where the order may still be linked, the button that links it. */
export function LineLinkCell({
  orderNo,
  line,
  canLink,
}: {
  orderNo: string;
  line: OrderLine;
  canLink: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (line.finished_product_id) return null;
  return (
    <Flex gap={4} align="center" wrap>
      <Typography.Text type="warning">{t('orders.centre.unlinked')}</Typography.Text>
      {canLink ? (
        <Button
          size="small"
          type="link"
          icon={<LinkOutlined />}
          data-testid="link-line"
          onClick={() => setOpen(true)}
        >
          {t('orderCentre.link.button')}
        </Button>
      ) : null}
      {open ? <LinkLineDialog orderNo={orderNo} line={line} onClose={() => setOpen(false)} /> : null}
    </Flex>
  );
}
