import { Alert, Empty, Flex, Radio, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGISTICS_ERRORS, type ShippingOption } from '@pod/shared';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatMoney } from '../wallet/money-format.ts';
import { useShippingOptions, type ShippingOptionsQuery } from './api.ts';

/**
 * The settlement's logistics choice (issue 10): the methods for the address's country and the
 * parcel's weight, each with its delivery time and fee, cheapest first. Shows spec §8's "order
 * information incomplete" without a country or weight and "no logistics available" when none fits.
 * Keep the whole chosen option: checkout sends its rate_id, rate_version and fee back to be confirmed.
 */
export function ShippingOptionPicker({
  query,
  value,
  onChange,
}: {
  query: ShippingOptionsQuery;
  /** The chosen method's id. */
  value: string | null;
  onChange: (option: ShippingOption | null) => void;
}) {
  const { t } = useTranslation();
  const options = useShippingOptions(query);
  const isComplete = Boolean(query.country) && typeof query.weight === 'number' && query.weight > 0;
  if (!isComplete) return <Alert type="warning" showIcon title={t(LOGISTICS_ERRORS.incomplete)} />;
  if (options.isPending) return <Spin />;
  if (options.isError) return <Alert type="error" showIcon title={options.error.msg} />;
  const list = options.data.options;
  if (!list.length) return <Empty description={t(LOGISTICS_ERRORS.noneAvailable)} />;
  return (
    <Radio.Group
      value={value}
      onChange={(event) => onChange(list.find((o) => o.method_id === event.target.value) ?? null)}
      data-testid="shipping-options"
    >
      <Flex vertical gap={8}>
        {list.map((option) => (
          <Radio key={option.method_id} value={option.method_id}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text>
                {option.carrier} · {option.name}
              </Typography.Text>
              <Tag>
                {t('logistics.daysRange', { min: option.delivery_days_min, max: option.delivery_days_max })}
              </Tag>
              <Typography.Text strong>
                {formatMoney(option.fee, option.currency, currentLanguage())}
              </Typography.Text>
            </Flex>
          </Radio>
        ))}
      </Flex>
    </Radio.Group>
  );
}
