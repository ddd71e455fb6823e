import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_LIMITS,
  MOCKUP_BLENDS,
  SURFACE_KINDS,
  surfaceGeometry,
  type Attachment,
  type CatalogIssue,
  KEY_PATTERN,
  LIMITS,
  maxLengthOf,
  surfaceInputSchema,
} from '@pod/shared';
import { UploadField } from '../../uploads/upload-field.tsx';
import { useIssueText } from '../catalog-form.ts';
import { useMoneyText } from '../catalog-fields.tsx';
import type { ProductOptions } from '../product-options.ts';
import type { SurfaceValues } from '../product-values.ts';
import { SurfaceAreaEditor, type SurfaceAreas } from '../surface-area-editor.tsx';
import { defaultGeometry, proportionalPrintFile } from '../surface-geometry.ts';
import { knownOf, type ImageInfo } from './shared.ts';
import { MockupsInput, RectInputs } from './surface-inputs.tsx';

/** A surface's fields, whose limits the inputs take. */
const SURFACE = surfaceInputSchema.shape;

/** One design surface: its mockups per colour, the visual area editor and the numbers. */
export function SurfaceCard({
  form,
  index,
  options,
  images,
  setImages,
  onRemove,
  issues,
}: {
  /** Untyped: the card reads and writes nested paths of one surface. */
  form: FormInstance;
  index: number;
  options: ProductOptions;
  images: ImageInfo;
  setImages: (update: (images: ImageInfo) => ImageInfo) => void;
  onRemove: () => void;
  issues: CatalogIssue[];
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const money = useMoneyText();
  const surface = Form.useWatch(['surfaces', index], { form, preserve: true }) as SurfaceValues | undefined;
  const colorIds = (Form.useWatch('color_ids', { form, preserve: true }) as string[] | undefined) ?? [];
  const designPrice = (Form.useWatch('design_price', { form, preserve: true }) as number | undefined) ?? 0;
  const [previewColor, setPreviewColor] = useState<string | null>(null);
  const [isProportional, setIsProportional] = useState(true);
  /** A field's path in the whole form (for the form's API). */
  const path = (...rest: Array<string | number>) => ['surfaces', index, ...rest];
  /** A field's name inside the surfaces list (Form.Items below Form.List are relative to it). */
  const name = (...rest: Array<string | number>) => [index, ...rest];

  if (!surface?.template || !surface.print_area || !surface.safe_area || !surface.print_file) return null;
  const shownColor = previewColor && colorIds.includes(previewColor) ? previewColor : (colorIds[0] ?? null);
  const mockupId = surface.mockups?.find((m) => m.color_id === shownColor)?.image ?? null;
  const imageUrl = mockupId ? (images[mockupId]?.url ?? null) : null;
  const geometry =
    surface.print_area.width > 0 && surface.print_file.dpi > 0 ? surfaceGeometry(surface) : null;

  const setAreas = (areas: SurfaceAreas) => {
    form.setFieldValue(path('print_area'), areas.print_area);
    form.setFieldValue(path('safe_area'), areas.safe_area);
    if (isProportional)
      form.setFieldValue(path('print_file'), proportionalPrintFile(surface.print_file, areas.print_area));
  };

  const onMockupUploaded = (colorId: string, attachment: Attachment) => {
    setImages((before) => ({ ...before, [attachment.id]: attachment }));
    setPreviewColor(colorId);
    const { width, height } = attachment;
    const hasOthers = (surface.mockups ?? []).some((m) => m.color_id !== colorId && m.image);
    // The first mockup gives the template its size (decision 0016: every mockup has it).
    if (
      width &&
      height &&
      !hasOthers &&
      (width !== surface.template.width || height !== surface.template.height)
    ) {
      const geometry = defaultGeometry({ width, height });
      form.setFieldValue(path('template'), geometry.template);
      form.setFieldValue(path('print_area'), geometry.print_area);
      form.setFieldValue(path('safe_area'), geometry.safe_area);
      form.setFieldValue(path('print_file'), { ...geometry.print_file, dpi: surface.print_file.dpi });
    }
  };

  return (
    <Card
      size="small"
      data-testid={`surface-${index}`}
      title={
        <Space>
          <Tag color="blue">{surface.key}</Tag>
          {surface.name || t('catalog.surface.untitled')}
        </Space>
      }
      extra={
        <Button size="small" danger type="text" icon={<DeleteOutlined />} onClick={onRemove}>
          {t('crud.delete')}
        </Button>
      }
    >
      {issues.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="surface-issues"
          title={issues.map((issue) => issueText(issue)).join('；')}
        />
      ) : null}
      <Row gutter={24}>
        <Col flex="500px">
          <Flex vertical gap={8}>
            {colorIds.length > 1 ? (
              <Select
                size="small"
                value={shownColor}
                onChange={setPreviewColor}
                options={colorIds.map((id) => ({ value: id, label: options.colorById(id)?.name ?? id }))}
                prefix={t('catalog.surface.previewColor')}
                style={{ width: 240 }}
              />
            ) : null}
            <SurfaceAreaEditor
              imageUrl={imageUrl}
              template={surface.template}
              value={{ print_area: surface.print_area, safe_area: surface.safe_area }}
              onChange={setAreas}
            />
            <Space size={16} wrap>
              <Typography.Text>
                <span style={{ color: '#1677ff' }}>■</span> {t('catalog.surface.printArea')}
              </Typography.Text>
              <Typography.Text>
                <span style={{ color: '#52c41a' }}>▢</span> {t('catalog.surface.safeArea')}
              </Typography.Text>
            </Space>
            {geometry ? (
              <Descriptions
                size="small"
                column={1}
                items={[
                  {
                    key: 'size',
                    label: t('catalog.surface.printSize'),
                    children: `${geometry.print_size_mm.width} × ${geometry.print_size_mm.height} mm`,
                  },
                  {
                    key: 'scale',
                    label: t('catalog.surface.scale'),
                    children: t('catalog.surface.scaleValue', { scale: geometry.scale.toFixed(2) }),
                  },
                  {
                    key: 'price',
                    label: t('catalog.surface.effectivePrice'),
                    children: money(
                      Math.round(
                        ((surface.print_price ?? null) === null ? designPrice : (surface.print_price ?? 0)) *
                          100,
                      ),
                    ),
                  },
                ]}
              />
            ) : null}
          </Flex>
        </Col>
        <Col flex="1" style={{ minWidth: 320 }}>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item
                name={name('key')}
                label={t('catalog.surface.key')}
                rules={[
                  {
                    required: true,
                    pattern: KEY_PATTERN,
                    message: t('catalog.surface.keyRule'),
                  },
                ]}
              >
                <Input maxLength={LIMITS.text.key} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name={name('name')}
                label={t('catalog.surface.name')}
                rules={[{ required: true, whitespace: true, max: maxLengthOf(SURFACE.name) }]}
              >
                <Input maxLength={maxLengthOf(SURFACE.name)} data-testid={`surface-name-${index}`} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('en_name')} label={t('catalog.surface.enName')}>
                <Input maxLength={maxLengthOf(SURFACE.en_name)} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('kind')} label={t('catalog.surface.kind')}>
                <Select
                  options={SURFACE_KINDS.map((k) => ({ value: k, label: t(`catalog.surface.kinds.${k}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('blend')} label={t('catalog.surface.blend')}>
                <Select
                  options={MOCKUP_BLENDS.map((b) => ({ value: b, label: t(`catalog.surface.blends.${b}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name={name('print_price')}
                label={t('catalog.surface.printPrice')}
                extra={t('catalog.surface.printPriceHint')}
              >
                <InputNumber min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('catalog.surface.template')} required>
            <Space size={4}>
              <Form.Item name={name('template', 'width')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.templatePx}
                  precision={0}
                  prefix="W"
                  style={{ width: 104 }}
                />
              </Form.Item>
              <Form.Item name={name('template', 'height')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.templatePx}
                  precision={0}
                  prefix="H"
                  style={{ width: 104 }}
                />
              </Form.Item>
              <Typography.Text type="secondary">px</Typography.Text>
            </Space>
          </Form.Item>
          <RectInputs name={name('print_area')} label={t('catalog.surface.printArea')} />
          <RectInputs name={name('safe_area')} label={t('catalog.surface.safeArea')} />
          <Form.Item
            label={t('catalog.surface.printFile')}
            required
            extra={t('catalog.surface.printFileHint')}
          >
            <Space size={4} wrap>
              <Form.Item name={name('print_file', 'width')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.printPx}
                  precision={0}
                  prefix="W"
                  style={{ width: 112 }}
                />
              </Form.Item>
              <Form.Item name={name('print_file', 'height')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={1}
                  max={CATALOG_LIMITS.printPx}
                  precision={0}
                  prefix="H"
                  style={{ width: 112 }}
                />
              </Form.Item>
              <Form.Item name={name('print_file', 'dpi')} noStyle rules={[{ required: true }]}>
                <InputNumber
                  size="small"
                  min={CATALOG_LIMITS.dpi.min}
                  max={CATALOG_LIMITS.dpi.max}
                  precision={0}
                  suffix="DPI"
                  style={{ width: 112 }}
                />
              </Form.Item>
              <Button
                size="small"
                onClick={() =>
                  form.setFieldValue(
                    path('print_file'),
                    proportionalPrintFile(surface.print_file, surface.print_area),
                  )
                }
              >
                {t('catalog.surface.fitPrintFile')}
              </Button>
              <Checkbox
                checked={isProportional}
                onChange={(event) => setIsProportional(event.target.checked)}
              >
                {t('catalog.surface.keepProportional')}
              </Checkbox>
            </Space>
          </Form.Item>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item
                name={name('bleed')}
                label={t('catalog.surface.bleed')}
                extra={t('catalog.surface.bleedHint')}
              >
                <InputNumber min={0} max={2000} precision={0} suffix="px" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name={name('min_dpi')}
                label={t('catalog.surface.minDpi')}
                extra={t('catalog.surface.minDpiHint')}
              >
                <InputNumber
                  min={CATALOG_LIMITS.dpi.min}
                  max={CATALOG_LIMITS.dpi.max}
                  precision={0}
                  suffix="DPI"
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={name('sort')} label={t('catalog.surface.sort')}>
                <InputNumber precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Col>
      </Row>
      <Form.Item
        name={name('mockups')}
        label={t('catalog.surface.mockups')}
        extra={t('catalog.surface.mockupsHint')}
      >
        <MockupsInput
          colorIds={colorIds}
          options={options}
          images={images}
          onUploaded={onMockupUploaded}
          index={index}
        />
      </Form.Item>
      <Form.Item name={name('mask')} label={t('catalog.surface.mask')} extra={t('catalog.surface.maskHint')}>
        <UploadField
          topic="image"
          known={knownOf(images, surface.mask)}
          onUploaded={(attachment) => setImages((before) => ({ ...before, [attachment.id]: attachment }))}
        />
      </Form.Item>
    </Card>
  );
}
