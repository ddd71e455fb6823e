import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSite } from '../site/site-context.ts';

const SECTIONS = [
  'account',
  'services',
  'content',
  'orders',
  'payment',
  'privacy',
  'liability',
  'changes',
] as const;

/** /protocol: the user agreement that registration asks to accept (spec §2). */
export function ProtocolPage() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <Card data-testid="protocol" style={{ maxWidth: 880, margin: '0 auto' }}>
      <Typography>
        <Typography.Title level={2}>{t('protocol.title')}</Typography.Title>
        <Typography.Paragraph>{t('protocol.intro', { site: site.name })}</Typography.Paragraph>
        {SECTIONS.map((section, index) => (
          <section key={section}>
            <Typography.Title level={4}>
              {index + 1}. {t(`protocol.sections.${section}.title`)}
            </Typography.Title>
            <Typography.Paragraph>{t(`protocol.sections.${section}.body`)}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Paragraph type="secondary">
          {t('protocol.contact', { site: site.name })}
        </Typography.Paragraph>
      </Typography>
    </Card>
  );
}
