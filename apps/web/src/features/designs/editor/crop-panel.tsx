import { Button, Flex, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dpiLevel, layerDpi, type CropRect, type ImageLayer, type SurfaceSpec } from '@pod/design';
import { DpiBadge } from './layers-panel.tsx';

const FIELDS = ['x', 'y', 'width', 'height'] as const;

/**
 * Crop mode's panel (issue 8): the crop in the image's own pixels, typed or dragged on the canvas,
 * the DPI the cropped layer prints at (live), apply, cancel and whole image. Enter applies and
 * Escape cancels too (the page's keys).
 */
export function CropPanel({
  layer,
  spec,
  onCrop,
  onApply,
  onCancel,
}: {
  /** The layer as the crop would leave it. */
  layer: ImageLayer;
  spec: SurfaceSpec;
  onCrop: (crop: CropRect) => void;
  onApply: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const whole = { x: 0, y: 0, width: layer.natural_width, height: layer.natural_height };
  const crop = layer.crop ?? whole;
  const max = {
    x: layer.natural_width - 1,
    y: layer.natural_height - 1,
    width: layer.natural_width,
    height: layer.natural_height,
  };
  const dpi = layerDpi(layer, spec.dpi);
  return (
    <Flex vertical gap={8} data-testid="crop-panel">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('designs.crop.hint')}
      </Typography.Text>
      <Flex gap={8} wrap>
        {FIELDS.map((key) => (
          <Flex key={key} vertical gap={2} style={{ width: 120 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`designs.crop.${key}`)}
            </Typography.Text>
            <InputNumber
              data-testid={`crop-${key}`}
              min={key === 'width' || key === 'height' ? 1 : 0}
              max={max[key]}
              precision={0}
              value={crop[key]}
              onChange={(v) => typeof v === 'number' && onCrop({ ...crop, [key]: v })}
            />
          </Flex>
        ))}
      </Flex>
      <Flex gap={6} align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('designs.crop.size', { width: crop.width, height: crop.height })}
        </Typography.Text>
        {dpi !== null && <DpiBadge dpi={dpi} level={dpiLevel(dpi, spec.min_dpi)} />}
      </Flex>
      <Flex gap={8} wrap>
        <Button type="primary" size="small" data-testid="crop-apply" onClick={onApply}>
          {t('designs.crop.apply')}
        </Button>
        <Button size="small" data-testid="crop-cancel" onClick={onCancel}>
          {t('designs.crop.cancel')}
        </Button>
        <Button size="small" data-testid="crop-whole" onClick={() => onCrop(whole)}>
          {t('designs.crop.whole')}
        </Button>
      </Flex>
    </Flex>
  );
}
