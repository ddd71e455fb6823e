import type { ReactNode } from 'react';
import { Card, Checkbox, Flex, Image, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The grid of material cards (thumbnails fill the width, at least 180 px each). */
export function CardGrid({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div
      data-testid={testId}
      style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
    >
      {children}
    </div>
  );
}

/** One material as a card: its thumbnail (click for the full image), name, number and tags. */
export function MaterialCard(props: {
  name: string;
  number: string;
  thumbUrl: string;
  imageUrl: string;
  tags: ReactNode;
  /** Shown when the card can be selected (batch delete). */
  isSelected?: boolean;
  onSelectChange?: (isSelected: boolean) => void;
  actions?: ReactNode[];
  ribbon?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      hoverable
      data-testid={props.testId}
      data-name={props.name}
      styles={{ body: { padding: 8 } }}
      actions={props.actions}
      cover={
        <div style={{ position: 'relative', background: 'rgba(128,128,128,0.08)' }}>
          <Flex justify="center" align="center" style={{ height: 150, overflow: 'hidden' }}>
            <Image
              src={props.thumbUrl}
              preview={{ src: props.imageUrl }}
              alt={props.name}
              height={150}
              style={{ objectFit: 'contain', maxWidth: '100%' }}
            />
          </Flex>
          {props.onSelectChange ? (
            <Checkbox
              checked={props.isSelected}
              onChange={(event) => props.onSelectChange?.(event.target.checked)}
              aria-label={t('materials.select', { name: props.name })}
              data-testid="material-select"
              style={{ position: 'absolute', top: 6, left: 8 }}
            />
          ) : null}
          {props.ribbon ? <div style={{ position: 'absolute', top: 6, right: 6 }}>{props.ribbon}</div> : null}
        </div>
      }
    >
      <Flex vertical gap={4}>
        <Tooltip title={props.name}>
          <Typography.Text strong ellipsis>
            {props.name}
          </Typography.Text>
        </Tooltip>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {props.number}
        </Typography.Text>
        <Flex wrap gap={4}>
          {props.tags}
        </Flex>
      </Flex>
    </Card>
  );
}
