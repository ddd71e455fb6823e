import { Flex, Layout, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { SiteInfo } from '@pod/shared';
import { LanguageSwitch } from './language-switch.tsx';

const LOGO_SIZE = 36;

/** Site logo and name, linking home, and the language switch. */
export function AppHeader({ site }: { site: SiteInfo }) {
  return (
    <Layout.Header style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Link to="/">
          <Flex align="center" gap={12}>
            {site.supplier_logo ? (
              <img src={site.supplier_logo} alt="" width={LOGO_SIZE} height={LOGO_SIZE} />
            ) : (
              <ShopOutlined style={{ fontSize: LOGO_SIZE * 0.75 }} />
            )}
            <Typography.Text strong style={{ fontSize: 18 }}>
              {site.name}
            </Typography.Text>
          </Flex>
        </Link>
        <LanguageSwitch />
      </Flex>
    </Layout.Header>
  );
}
