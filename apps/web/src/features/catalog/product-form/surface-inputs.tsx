import { Flex, Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATALOG_LIMITS, type Attachment } from '@pod/shared';
import { catalogName } from '../../../i18n/catalog-name.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { UploadField } from '../../uploads/upload-field.tsx';
import { ColorDot } from '../catalog-fields.tsx';
import type { ProductOptions } from '../product-options.ts';
import type { SurfaceValues } from '../product-values.ts';
import { knownOf, type ImageInfo } from './shared.ts';

// ---- Surfaces ---------------------------------------------------------------------------------------

/** One mockup upload per product colour, all of the surface's template size. */
export function MockupsInput({
  value = [],
  onChange,
  colorIds,
  options,
  images,
  onUploaded,
  index,
}: {
  value?: SurfaceValues['mockups'];
  onChange?: (mockups: SurfaceValues['mockups']) => void;
  colorIds: readonly string[];
  options: ProductOptions;
  images: ImageInfo;
  onUploaded: (colorId: string, attachment: Attachment) => void;
  index: number;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (colorIds.length === 0)
    return <Typography.Text type="secondary">{t('catalog.product.chooseColorsFirst')}</Typography.Text>;
  return (
    <Flex wrap gap={12}>
      {colorIds.map((colorId) => {
        const color = options.colorById(colorId);
        const imageId = value.find((m) => m.color_id === colorId)?.image ?? null;
        const known = knownOf(images, imageId);
        return (
          <Flex key={colorId} vertical gap={4} align="center" data-testid={`mockup-${index}-${colorId}`}>
            <Flex align="center" gap={4}>
              {color ? <ColorDot hex={color.hex} image={color.swatch} /> : null}
              <Typography.Text style={{ fontSize: 12 }}>
                {color ? catalogName(color, language) : colorId}
              </Typography.Text>
            </Flex>
            <UploadField
              topic="image"
              known={known}
              value={imageId}
              onUploaded={(attachment) => onUploaded(colorId, attachment)}
              onChange={(id) => {
                const rest = value.filter((m) => m.color_id !== colorId);
                onChange?.(typeof id === 'string' && id ? [...rest, { color_id: colorId, image: id }] : rest);
              }}
              testId={`mockup-upload-${index}-${colorId}`}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}

export function RectInputs({ name, label }: { name: Array<string | number>; label: string }) {
  const { t } = useTranslation();
  const cell = (part: 'x' | 'y' | 'width' | 'height', min: number) => (
    <Form.Item
      name={[...name, part]}
      noStyle
      rules={[{ required: true, type: 'integer', min, max: CATALOG_LIMITS.templatePx }]}
    >
      <InputNumber
        size="small"
        min={min}
        max={CATALOG_LIMITS.templatePx}
        precision={0}
        prefix={t(`catalog.surface.rect.${part}`)}
        aria-label={`${label} ${t(`catalog.surface.rect.${part}`)}`}
        data-testid={`${String(name.at(-1))}-${part}`}
        style={{ width: 104 }}
      />
    </Form.Item>
  );
  return (
    <Form.Item label={label} required>
      <Space wrap size={4}>
        {cell('x', 0)}
        {cell('y', 0)}
        {cell('width', 1)}
        {cell('height', 1)}
      </Space>
    </Form.Item>
  );
}
