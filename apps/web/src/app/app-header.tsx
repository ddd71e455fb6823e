import type { ReactNode } from 'react';
import { Flex, Layout, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { SiteInfo } from '@pod/shared';
import { LanguageSwitch } from './language-switch.tsx';

const LOGO_SIZE = 36;

/** Site logo and name linking to the area's home, the area's own actions, and the language switch. */
export function AppHeader({
  site,
  homePath = '/',
  children,
}: {
  site: SiteInfo;
  homePath?: string;
  children?: ReactNode;
}) {
  return (
    <Layout.Header style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex align="center" justify="space-between" gap={12} style={{ height: '100%' }}>
        <Link to={homePath} style={{ minWidth: 0, overflow: 'hidden' }}>
          <Flex align="center" gap={12}>
            {site.supplier_logo ? (
              <img
                src={site.supplier_logo}
                alt=""
                width={LOGO_SIZE}
                height={LOGO_SIZE}
                style={{ flexShrink: 0 }}
              />
            ) : (
              <ShopOutlined style={{ fontSize: LOGO_SIZE * 0.75, flexShrink: 0 }} />
            )}
            <Typography.Text strong ellipsis style={{ fontSize: 18 }}>
              {site.name}
            </Typography.Text>
          </Flex>
        </Link>
        <Flex align="center" gap={12} style={{ flexShrink: 0 }}>
          {children}
          <LanguageSwitch />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
