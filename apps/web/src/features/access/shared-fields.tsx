import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECORD_STATUSES } from '@pod/shared';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../i18n/format.ts';

/** A record's enabled/disabled status as a tag. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'enabled' ? 'green' : 'default'}>
      {t(status === 'enabled' ? 'access.status.enabled' : 'access.status.disabled')}
    </Tag>
  );
}

/** Options of the status select. */
export function useStatusOptions() {
  const { t } = useTranslation();
  return RECORD_STATUSES.map((status) => ({ value: status, label: t(`access.status.${status}`) }));
}

/** A status filter (all, enabled, disabled). */
export function StatusSelect(props: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      placeholder={t('crud.all')}
      options={useStatusOptions()}
      style={{ width: 140 }}
      {...props}
    />
  );
}

/** A timestamp in the interface language, or a dash. */
export function DateTime({ value }: { value: string | null }) {
  return <>{value ? formatDateTime(value, currentLanguage()) : '—'}</>;
}
