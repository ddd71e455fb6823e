import { Flex, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shippingFee, SHIPPING_LIMITS, type Currency, type ShippingRatePricing } from '@pod/shared';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatMoney } from '../wallet/money-format.ts';

/** A rate's pricing in one line: "First 100 g ¥12.00, then ¥3.50 per 50 g". */
export function PricingText({ rate, currency }: { rate: ShippingRatePricing; currency: Currency }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      {t('logistics.pricingText', {
        first: rate.first_weight_g,
        firstPrice: formatMoney(rate.first_price, currency, language),
        additional: rate.additional_weight_g,
        additionalPrice: formatMoney(rate.additional_price, currency, language),
      })}
    </>
  );
}

/** What a parcel of `weight` grams costs under the rate, with the shared fee rule the server uses. */
export function FeeText({
  rate,
  currency,
  weight,
}: {
  rate: ShippingRatePricing;
  currency: Currency;
  weight: number;
}) {
  const { t } = useTranslation();
  const fee = shippingFee(rate, weight);
  if (fee === null)
    return <Typography.Text type="warning">{t('logistics.previewOver', { weight })}</Typography.Text>;
  return (
    <Typography.Text strong data-testid="fee-preview-value">
      {t('logistics.previewFee', { weight, fee: formatMoney(fee, currency, currentLanguage()) })}
    </Typography.Text>
  );
}

/** The preview weight input (grams). */
export function PreviewWeight({ value, onChange }: { value: number; onChange: (weight: number) => void }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8}>
      <Typography.Text>{t('logistics.previewWeight')}</Typography.Text>
      <InputNumber
        min={1}
        max={SHIPPING_LIMITS.weightMaxG}
        precision={0}
        value={value}
        onChange={(next) => onChange(typeof next === 'number' && next > 0 ? next : 1)}
        data-testid="fee-preview-weight"
        style={{ width: 140 }}
      />
    </Flex>
  );
}
