import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/** The desktop or the mobile (Wap) form of a page (spec §1: "A desktop and a mobile variant"). */
export type DeviceVariant = 'desktop' | 'mobile';

/** Frames a sign-in or registration form: a centred card on a desktop, full width on a phone. */
export function AuthFrame({
  variant,
  title,
  subtitle,
  children,
  testId,
}: {
  variant: DeviceVariant;
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId: string;
}) {
  const heading = (
    <div style={{ marginBottom: 16 }}>
      <Typography.Title level={variant === 'mobile' ? 3 : 2} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
    </div>
  );
  if (variant === 'mobile') {
    return (
      <div data-testid={testId} data-variant="mobile" style={{ maxWidth: 480, margin: '0 auto', padding: 4 }}>
        {heading}
        {children}
      </div>
    );
  }
  return (
    <Flex justify="center" style={{ paddingTop: 32 }}>
      <Card data-testid={testId} data-variant="desktop" style={{ width: 440, maxWidth: '100%' }}>
        {heading}
        {children}
      </Card>
    </Flex>
  );
}
