import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The icon-only "refresh" button of a list's toolbar. */
export function RefreshButton({ onRefresh }: { onRefresh: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<ReloadOutlined />}
      aria-label={t('crud.refresh')}
      title={t('crud.refresh')}
      onClick={() => void onRefresh()}
    />
  );
}

/** Deletes the selected rows after a confirmation; disabled while nothing is selected. */
export function BatchDeleteButton({
  count,
  confirm,
  label,
  onConfirm,
  testId,
}: {
  count: number;
  confirm: ReactNode;
  label: ReactNode;
  onConfirm: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={confirm}
      okText={t('crud.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('app.cancel')}
      disabled={count === 0}
      onConfirm={onConfirm}
    >
      <Button danger icon={<DeleteOutlined />} disabled={count === 0} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
