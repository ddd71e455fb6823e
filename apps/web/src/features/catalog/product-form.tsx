import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Tabs,
  Tag,
  TreeSelect,
  type FormInstance,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_LIMITS,
  CURRENCIES,
  PRODUCT_STATUSES,
  productCreateSchema,
  type Product,
  catalogOperations,
  logisticsOperations,
  maxLengthOf,
  LIMITS,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { UploadField } from '../uploads/upload-field.tsx';
import { useCatalogField, useIssueText } from './catalog-form.ts';
import { ColorDot, DictionaryInput, knownImages, ReferenceSelect } from './catalog-fields.tsx';
import type { ProductOptions } from './product-options.ts';
import { formIssues, newSurface, type SurfaceValues } from './product-values.ts';
import { FactoryAddresses } from './product-form/factory-addresses.tsx';
import { PricePreview, TierRows } from './product-form/price-sections.tsx';
import {
  imagesOf,
  SECTION_OF,
  SECTIONS,
  type ImageInfo,
  type ProductFlavour,
  type Section,
  type Values,
} from './product-form/shared.ts';
import { SkuMatrix } from './product-form/sku-matrix.tsx';
import { SurfaceCard } from './product-form/surface-card.tsx';
import { DateTimeInput } from '../../forms/date-input.tsx';

export type { ProductFlavour };

// ---- The form ---------------------------------------------------------------------------------------

/**
 * The product form (spec §3 Product): fields, colour × size SKUs with stock states, design surfaces
 * with a mockup per colour and the visual print-area editor, price tiers checked with the shared
 * rules, and the factory address table. Every tab is rendered, so every field submits.
 */
export function ProductFormFields({
  form,
  row,
  flavour,
  options,
}: {
  form: FormInstance<Values>;
  row: Product | null;
  flavour: ProductFlavour;
  options: ProductOptions;
}) {
  const { t } = useTranslation();
  const field = useZodField();
  const catalogField = useCatalogField();
  const fieldLabel = useFieldLabel();
  const issueText = useIssueText();
  const shape = productCreateSchema.shape;
  const [images, setImages] = useState<ImageInfo>(() => imagesOf(row));
  const watched = Form.useWatch((v: Values) => v, { form, preserve: true }) as Values | undefined;
  const values = useMemo(() => watched ?? {}, [watched]);
  const issues = useMemo(() => formIssues(values), [values]);
  const colorIds = values.color_ids ?? [];
  const sizeIds = values.size_ids ?? [];
  const isSupplier = flavour === 'supplier';
  const issuesOf = (section: Section) => issues.filter((i) => SECTION_OF[String(i.path[0])] === section);
  const tabLabel = (section: Section) => {
    const count = issuesOf(section).length;
    return (
      <span data-testid={`product-tab-${section}`}>
        {t(`catalog.product.tabs.${section}`)}
        {count > 0 ? (
          <Tag color="warning" style={{ marginInlineStart: 6 }}>
            {count}
          </Tag>
        ) : null}
      </span>
    );
  };

  const listRule = (section: Section) => ({
    validator: () => {
      const first = formIssues(form.getFieldsValue(true) as Values).find(
        (i) => SECTION_OF[String(i.path[0])] === section,
      );
      return first ? Promise.reject(new Error(issueText(first))) : Promise.resolve();
    },
  });

  // The dictionary is the supplier's (spec §2 SPU inventory); a merchant types its own values.
  const suggest = (type: string, max: number | undefined) =>
    isSupplier ? <DictionaryInput type={type} maxLength={max} /> : <Input maxLength={max} />;
  const text = (
    name: 'name' | 'en_name' | 'material' | 'process' | 'season',
    dictionary?: string,
  ): ReactNode => {
    const max = maxLengthOf(shape[name]);
    return (
      <Form.Item {...field(name, shape[name])}>
        {dictionary ? suggest(dictionary, max) : <Input maxLength={max} />}
      </Form.Item>
    );
  };

  const basic = (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item {...catalogField('category_id', shape.category_id, [], { isChoice: true })}>
          <TreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={options.categories}
            loading={options.isPending}
            data-testid="product-category"
          />
        </Form.Item>
      </Col>
      <Col span={8}>{text('name')}</Col>
      <Col span={8}>{text('en_name')}</Col>
      <Col span={8}>
        <Form.Item {...field('style_code', shape.style_code)} extra={t('catalog.product.styleCodeHint')}>
          <Input maxLength={LIMITS.text.styleCode} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('product_type', shape.product_type)}>
          {suggest('product_type', maxLengthOf(shape.product_type))}
        </Form.Item>
      </Col>
      {isSupplier ? (
        <Col span={8}>
          <Form.Item {...field('spu_id', shape.spu_id)}>
            <ReferenceSelect resource={catalogOperations.spu} />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={8}>{text('material', 'material')}</Col>
      <Col span={8}>{text('process', 'process')}</Col>
      <Col span={8}>
        <Form.Item {...field('weight', shape.weight)}>
          <InputNumber min={0} max={1_000_000} precision={0} suffix="g" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {isSupplier ? (
        <Col span={8}>
          <Form.Item {...field('factory_id', shape.factory_id)}>
            <ReferenceSelect resource={logisticsOperations.factory} />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={8}>{text('season', 'season')}</Col>
      {isSupplier ? (
        <Col span={8}>
          <Form.Item {...field('size_template_id', shape.size_template_id)}>
            <ReferenceSelect resource={catalogOperations.spuSizeTemplate} />
          </Form.Item>
        </Col>
      ) : null}
      <Col span={8}>
        <Form.Item {...field('expire_at', shape.expire_at)} extra={t('catalog.product.expireHint')}>
          <DateTimeInput />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('status', shape.status)}>
          <Radio.Group
            options={PRODUCT_STATUSES.map((s) => ({
              value: s,
              label: t(s === 'on_sale' ? 'catalog.product.onSale' : 'catalog.product.offSale'),
            }))}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('sort', shape.sort)}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('wash_care', shape.wash_care)}>
          {suggest('wash_care', maxLengthOf(shape.wash_care))}
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item {...field('image_requirements', shape.image_requirements)}>
          <Input.TextArea
            rows={2}
            maxLength={maxLengthOf(shape.image_requirements)}
            placeholder={t('catalog.product.imageRequirementsHint')}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item {...field('introduction', shape.introduction)}>
          <Input.TextArea rows={3} maxLength={maxLengthOf(shape.introduction)} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          {...catalogField('gallery', shape.gallery, [listRule('basic')])}
          extra={t('catalog.product.galleryHint')}
        >
          <UploadField
            topic="image"
            maxCount={CATALOG_LIMITS.galleryImages}
            known={knownImages(
              (values.gallery ?? []).map((id) => {
                const image = images[id];
                return image ? { id, ...image } : null;
              }),
            )}
            onUploaded={(attachment) => setImages((before) => ({ ...before, [attachment.id]: attachment }))}
            testId="product-gallery"
          />
        </Form.Item>
      </Col>
    </Row>
  );

  const colorOptions = options.colors.map((c) => ({
    value: c.id,
    label: (
      <Flex align="center" gap={6}>
        <ColorDot hex={c.hex} image={c.swatch} />
        {c.name}
      </Flex>
    ),
    search: `${c.name} ${c.en_name}`,
  }));
  const variants = (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item {...catalogField('color_ids', shape.color_ids)}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="search"
              options={colorOptions}
              loading={options.isPending}
              data-testid="product-colors"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...catalogField('size_ids', shape.size_ids)}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              options={options.sizes.map((s) => ({ value: s.id, label: s.name }))}
              loading={options.isPending}
              data-testid="product-sizes"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="skus" label={fieldLabel('skus')} rules={[listRule('variants')]}>
        <SkuMatrix options={options} colorIds={colorIds} sizeIds={sizeIds} />
      </Form.Item>
    </>
  );

  const surfaces = (
    <Form.List name="surfaces" rules={[listRule('surfaces')]}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={12} data-testid="product-surfaces">
          {fields.map((item) => (
            <SurfaceCard
              key={item.key}
              form={form}
              index={item.name}
              options={options}
              images={images}
              setImages={setImages}
              onRemove={() => remove(item.name)}
              issues={issues
                .filter((i) => i.path[0] === 'surfaces' && i.path[1] === item.name)
                .map((i) => ({ ...i, path: i.path.slice(2) }))}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= CATALOG_LIMITS.surfacesPerProduct}
            onClick={() =>
              add(newSurface((form.getFieldValue('surfaces') as SurfaceValues[] | undefined) ?? []))
            }
            data-testid="add-surface"
          >
            {t('catalog.surface.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );

  const prices = (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item {...field('base_price', shape.base_price)} extra={t('catalog.product.basePriceHint')}>
          <InputNumber
            min={0}
            max={1_000_000}
            precision={2}
            prefix="¥"
            style={{ width: '100%' }}
            data-testid="product-base-price"
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          {...field('design_price', shape.design_price)}
          extra={t('catalog.product.designPriceHint')}
        >
          <InputNumber min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item {...field('currency', shape.currency)}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
      </Col>
      <Col span={14}>
        <Form.Item
          label={fieldLabel('price_tiers')}
          extra={t(isSupplier ? 'catalog.price.tiersHint' : 'catalog.price.templateTiersHint')}
        >
          <TierRows form={form} flavour={flavour} issues={issuesOf('prices')} rule={listRule('prices')} />
        </Form.Item>
      </Col>
      <Col span={10}>
        <PricePreview values={values} />
      </Col>
    </Row>
  );

  return (
    <Flex vertical gap={8}>
      {issues.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid="product-issues"
          title={t('catalog.product.issues', { count: issues.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {issues.slice(0, 6).map((issue, i) => (
                <li key={i}>
                  {t(`catalog.product.tabs.${SECTION_OF[String(issue.path[0])] ?? 'basic'}`)}:{' '}
                  {issueText(issue)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Tabs
        items={SECTIONS.map((section) => ({
          key: section,
          label: tabLabel(section),
          forceRender: true,
          children:
            section === 'basic' ? (
              basic
            ) : section === 'variants' ? (
              variants
            ) : section === 'surfaces' ? (
              surfaces
            ) : section === 'prices' ? (
              prices
            ) : (
              <FactoryAddresses />
            ),
        }))}
      />
    </Flex>
  );
}
