import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HealthCard } from './health-card.tsx';
import { useSite } from './site-context.ts';

/** The public home page (spec §2 "/"). */
export function HomePage() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <Flex vertical gap={24} style={{ maxWidth: 960, margin: '0 auto' }}>
      <div>
        <Typography.Title data-testid="site-title">{site.name}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {site.website_description || t('home.subtitle')}
        </Typography.Paragraph>
      </div>
      <HealthCard />
    </Flex>
  );
}
