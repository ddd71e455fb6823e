import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  type FormItemProps,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  DEFAULT_RULE_SETTINGS,
  DELIVERY_DAYS,
  describeIssue,
  IMAGE_KINDS,
  imageRules,
  listingFieldsSchema,
  maxLengthOf,
  publishTemplateCreateSchema,
  SALES_MODES,
  WAREHOUSE_TYPES,
  warehouseRouteSchema,
  sizeTableSchema,
  type Listing,
  type PublishPlatform,
  type RuleIssue,
} from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useListingChoices, useMockups, useSaveListing, useSaveTemplate, useTemplates } from './api.ts';
import { ListingImagesField } from './listing-images.tsx';
import {
  fieldsOf,
  formIssues,
  formPathOf,
  templateFieldsOf,
  valuesOf,
  withMockups,
  type FormValues,
} from './listing-values.ts';

/** The longest text of each input, from the schema the server checks (issue 16: no copied limits). */
const shape = listingFieldsSchema.shape;
const attribute = shape.attributes.unwrap().element.shape;
const MAX = {
  title: maxLengthOf(shape.title_zh),
  description: maxLengthOf(shape.description),
  category: maxLengthOf(shape.category_id),
  attrId: maxLengthOf(attribute.id),
  attrName: maxLengthOf(attribute.name),
  attrValue: maxLengthOf(attribute.value),
  country: maxLengthOf(shape.origin_country),
  province: maxLengthOf(shape.origin_province),
  modelInfo: maxLengthOf(shape.model_info),
  sensitiveType: maxLengthOf(shape.sensitive_type),
  packageShape: maxLengthOf(shape.package_shape),
  packageType: maxLengthOf(shape.package_type),
  freight: maxLengthOf(shape.freight_template_id),
  warehouse: maxLengthOf(warehouseRouteSchema.shape.warehouse_id),
  skuPrefix: maxLengthOf(shape.sku_prefix),
  skcNumber: maxLengthOf(shape.skc_number),
  material: maxLengthOf(shape.composition.unwrap().element.shape.material),
  tableName: maxLengthOf(sizeTableSchema.shape.name),
  size: maxLengthOf(sizeTableSchema.shape.rows.element.shape.size),
  templateName: maxLengthOf(publishTemplateCreateSchema.shape.name),
};

/** The id of the list of the shop's linked warehouses the warehouse inputs offer. */
const WAREHOUSE_CHOICES = 'listing-warehouse-choices';

const samePath = (a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>) =>
  a.length === b.length && a.every((p, i) => p === b[i]);

/**
 * The publish form (spec §2 publish form with size tables and site and warehouse choice; §3
 * Publish listing, every field): the shared rules of spec §5 run as the merchant types and show
 * under the field they are about; a listing may be saved as a draft with broken rules, publishing
 * needs none. Its reusable fields can be saved as a template, and a template filled in.
 */
export function ListingForm({
  listing,
  open,
  onClose,
  onSaved,
}: {
  listing: Listing | null;
  open: boolean;
  onClose: () => void;
  onSaved: (listing: Listing, publish: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [templateForm] = Form.useForm<{ name: string }>();
  const choices = useListingChoices();
  const save = useSaveListing();
  const saveTemplate = useSaveTemplate();
  const [isTemplateOpen, setTemplateOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  /** The template the fields were last filled from (recorded on the listing). */
  const [templateId, setTemplateId] = useState<string | undefined>(undefined);
  const values = Form.useWatch((v: FormValues) => v, { form, preserve: true }) as
    Partial<FormValues> | undefined;
  const lang = currentLanguage();

  const finishedId = values?.finished_id ?? listing?.finished_id;
  const finished = choices.data?.finished.find((f) => f.id === finishedId);
  const shop = choices.data?.shops.find((s) => s.id === (values?.shop_id ?? listing?.shop_id));
  const platform = (shop?.platform ?? listing?.platform ?? 'tiktok') as PublishPlatform;
  const templates = useTemplates(platform);
  const mockups = useMockups(finishedId);
  const rules = imageRules(DEFAULT_RULE_SETTINGS[platform]);
  const uploadUrls = { ...(listing?.upload_urls ?? {}), ...uploaded };
  const variations = Math.max(finished?.colors.length ?? 1, 1);

  const issues: RuleIssue[] = useMemo(
    () => (values ? formIssues(values, platform, variations) : []),
    [values, platform, variations],
  );
  /** The warehouses linked to the shop (the warehouse inputs offer them). */
  const linkedWarehouses = useMemo(
    () => [...(shop?.warehouses ?? [])].map((wh) => ({ id: wh.id, name: wh.name })),
    [shop],
  );
  const issuesAt = (path: ReadonlyArray<string | number>) =>
    issues.filter((i) => {
      const at = formPathOf(i.field);
      return at !== null && samePath(at, path);
    });
  /** The inline error of a field: the shared rules' messages, naming the field and the rule. */
  const errorOf = (...path: Array<string | number>): Pick<FormItemProps, 'validateStatus' | 'help'> => {
    const found = issuesAt(path);
    return found.length
      ? { validateStatus: 'error', help: found.map((i) => describeIssue(i, lang)).join('; ') }
      : {};
  };
  const others = issues.filter((i) => formPathOf(i.field) === null);
  const hasErrors = issues.some((i) => i.severity === 'error');

  const submit = async (publish: boolean) => {
    const v = form.getFieldsValue(true) as FormValues;
    setSaveError(null);
    try {
      const saved = await save.mutateAsync({
        ...(listing ? { id: listing.id } : {}),
        finished_id: v.finished_id,
        shop_id: v.shop_id,
        ...(templateId ? { template_id: templateId } : {}),
        fields: fieldsOf(v),
      });
      onSaved(saved, publish);
    } catch (error) {
      setSaveError(error instanceof ApiError ? error.msg : t('request.unknownError'));
    }
  };

  const applyTemplate = (id: string) => {
    const template = templates.data?.find((tpl) => tpl.id === id);
    if (!template) return;
    setTemplateId(template.id);
    const current = form.getFieldsValue(true) as FormValues;
    const next = valuesOf(template.fields, { finished_id: current.finished_id, shop_id: current.shop_id });
    form.setFieldsValue({
      ...next,
      // The listing keeps its own titles and SKC number; mockups fill the images the template leaves empty.
      title_zh: current.title_zh || next.title_zh,
      title_en: current.title_en || next.title_en,
      skc_number: current.skc_number,
      images: withMockups(next.images!, mockups.data ?? [], platform),
    });
  };

  const useAllMockups = () =>
    form.setFieldValue(
      'images',
      withMockups((form.getFieldValue('images') as FormValues['images']) ?? {}, mockups.data ?? [], platform),
    );

  const createTemplate = async () => {
    const { name } = await templateForm.validateFields();
    try {
      await saveTemplate.mutateAsync({
        name,
        platform,
        fields: templateFieldsOf(form.getFieldsValue(true) as FormValues),
      });
      setTemplateOpen(false);
      templateForm.resetFields();
    } catch (error) {
      templateForm.setFields([
        { name: 'name', errors: [error instanceof ApiError ? error.msg : t('request.unknownError')] },
      ]);
    }
  };

  const num = (name: keyof FormValues, label: string, step = 0.1, span = 6) => (
    <Col span={span}>
      <Form.Item name={name} label={label} {...errorOf(name)}>
        <InputNumber style={{ width: '100%' }} step={step} data-testid={`listing-${name}`} />
      </Form.Item>
    </Col>
  );
  const text = (
    name: keyof FormValues,
    label: string,
    max: number | undefined,
    span = 8,
    testId?: string,
  ) => (
    <Col span={span}>
      <Form.Item name={name} label={label} {...errorOf(name)}>
        <Input maxLength={max} data-testid={testId ?? `listing-${name}`} />
      </Form.Item>
    </Col>
  );
  const section = (title: string, children: ReactNode) => (
    <>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        {title}
      </Divider>
      <Row gutter={12}>{children}</Row>
    </>
  );
  const currency = (name: 'declared_currency' | 'retail_currency') => (
    <Col span={4}>
      <Form.Item name={name} label={t('publishing.currency')}>
        <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} data-testid={`listing-${name}`} />
      </Form.Item>
    </Col>
  );
  const listError = (name: string) => {
    const found = issuesAt([name]);
    return found.length ? (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 8 }}
        title={found.map((i) => describeIssue(i, lang)).join('; ')}
        data-testid={`listing-error-${name}`}
      />
    ) : null;
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={980}
      title={listing ? t('publishing.editListing') : t('publishing.newListing')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => setTemplateOpen(true)} data-testid="listing-save-template">
            {t('publishing.saveAsTemplate')}
          </Button>
          <Button onClick={() => void submit(false)} loading={save.isPending} data-testid="listing-save">
            {t('publishing.saveDraft')}
          </Button>
          <Button
            type="primary"
            onClick={() => void submit(true)}
            loading={save.isPending}
            disabled={hasErrors}
            data-testid="listing-save-publish"
          >
            {t('publishing.saveAndPublish')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          ...valuesOf(listing?.fields ?? null, {
            ...(listing ? { finished_id: listing.finished_id, shop_id: listing.shop_id } : {}),
          }),
        }}
        data-testid="listing-form"
      >
        {saveError ? (
          <Alert
            type="error"
            showIcon
            title={saveError}
            style={{ marginBottom: 12 }}
            data-testid="listing-save-error"
          />
        ) : null}
        {section(
          t('publishing.sections.basics'),
          <>
            <Col span={12}>
              <Form.Item name="finished_id" label={t('publishing.finished')} required>
                <Select
                  disabled={!!listing}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="listing-finished"
                  options={(choices.data?.finished ?? []).map((f) => ({
                    value: f.id,
                    label: `${f.code} ${f.name}`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="shop_id" label={t('publishing.shop')} required>
                <Select
                  disabled={!!listing}
                  data-testid="listing-shop"
                  options={(choices.data?.shops ?? []).map((s) => ({
                    value: s.id,
                    label: `${s.name} (${s.platform})`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('publishing.template')}>
                <Select
                  placeholder={t('publishing.templatePlaceholder')}
                  data-testid="listing-template"
                  value={templateId ?? listing?.template_id ?? null}
                  options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
                  onChange={(id: string | undefined) => id && applyTemplate(id)}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t('publishing.platform')}>
                <Input value={platform} disabled />
              </Form.Item>
            </Col>
            {text('title_zh', t('publishing.titleZh'), MAX.title, 12)}
            {text('title_en', t('publishing.titleEn'), MAX.title, 12)}
            {text('category_id', t('publishing.category'), MAX.category, 8)}
            <Col span={16}>
              <Form.Item name="description" label={t('publishing.description')}>
                <Input.TextArea maxLength={MAX.description} autoSize={{ minRows: 1, maxRows: 4 }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <RowsField
                name="attributes"
                label={t('publishing.attributes')}
                addLabel={t('publishing.addAttribute')}
                newRow={() => ({ id: '', name: '', value: '' })}
              >
                {(row) => (
                  <>
                    <Form.Item
                      name={[row, 'id']}
                      rules={[{ required: true, message: t('publishing.attributeId') }]}
                    >
                      <Input placeholder={t('publishing.attributeId')} maxLength={MAX.attrId} />
                    </Form.Item>
                    <Form.Item name={[row, 'name']}>
                      <Input placeholder={t('publishing.attributeName')} maxLength={MAX.attrName} />
                    </Form.Item>
                    <Form.Item name={[row, 'value']}>
                      <Input placeholder={t('publishing.attributeValue')} maxLength={MAX.attrValue} />
                    </Form.Item>
                  </>
                )}
              </RowsField>
            </Col>
          </>,
        )}

        {section(
          t('publishing.sections.prices'),
          <>
            {text('price_text', t('publishing.declaredPrice'), 14, 8, 'listing-price')}
            {currency('declared_currency')}
            {text('retail_text', t('publishing.retailPrice'), 14, 8, 'listing-retail')}
            {currency('retail_currency')}
            {text('original_text', t('publishing.originalPrice'), 14, 8, 'listing-original')}
            <Col span={16}>
              <RowsField
                name="site_prices"
                label={t('publishing.sitePrices')}
                addLabel={t('publishing.addSitePrice')}
                newRow={() => ({ site_id: '', price_text: '' })}
              >
                {(row) => (
                  <>
                    <Form.Item name={[row, 'site_id']} {...errorOf('site_prices', row, 'site_id')}>
                      <Select
                        style={{ width: 140 }}
                        placeholder={t('publishing.site')}
                        options={(values?.site_ids ?? []).map((s) => ({ value: s, label: s }))}
                      />
                    </Form.Item>
                    <Form.Item name={[row, 'price_text']} {...errorOf('site_prices', row, 'price_text')}>
                      <Input placeholder={t('publishing.declaredPrice')} style={{ width: 140 }} />
                    </Form.Item>
                  </>
                )}
              </RowsField>
            </Col>
            {text('origin_country', t('publishing.originCountry'), MAX.country, 12)}
            {text('origin_province', t('publishing.originProvince'), MAX.province, 12)}
          </>,
        )}

        {section(
          t('publishing.sections.images'),
          <>
            <Col span={24}>
              <Space style={{ marginBottom: 8 }}>
                <Button
                  onClick={useAllMockups}
                  disabled={!mockups.data?.length}
                  data-testid="listing-use-mockups"
                >
                  {t('publishing.useMockups')}
                </Button>
                {finishedId && mockups.data && !mockups.data.length ? (
                  <Alert type="warning" showIcon title={t('publishing.noMockups')} />
                ) : null}
              </Space>
            </Col>
            {IMAGE_KINDS.map((kind) => (
              <Col span={12} key={kind}>
                <Form.Item
                  name={['images', kind]}
                  label={t(`publishing.imageKinds.${kind}`)}
                  {...errorOf('images', kind)}
                >
                  <ListingImagesField
                    kind={kind}
                    rule={rules[kind]}
                    mockups={mockups.data ?? []}
                    uploadUrls={uploadUrls}
                    onUploaded={(id, url) => setUploaded((u) => ({ ...u, [id]: url }))}
                  />
                </Form.Item>
              </Col>
            ))}
          </>,
        )}

        {section(
          t('publishing.sections.product'),
          <>
            {text('model_info', t('publishing.modelInfo'), MAX.modelInfo, 12)}
            <Col span={4}>
              <Form.Item name="is_sensitive" label={t('publishing.sensitive')} valuePropName="checked">
                <Switch data-testid="listing-is_sensitive" />
              </Form.Item>
            </Col>
            {values?.is_sensitive
              ? text('sensitive_type', t('publishing.sensitiveType'), MAX.sensitiveType, 8)
              : null}
            {num('capacity', t('publishing.capacity'))}
          </>,
        )}

        {section(
          t('publishing.sections.package'),
          <>
            {num('weight', t('publishing.weight'))}
            {num('volume', t('publishing.volume'))}
            {num('length', t('publishing.length'))}
            {num('width', t('publishing.width'))}
            {num('height', t('publishing.height'))}
            {text('package_shape', t('publishing.packageShape'), MAX.packageShape, 6)}
            {text('package_type', t('publishing.packageType'), MAX.packageType, 6)}
          </>,
        )}

        {section(
          t('publishing.sections.delivery'),
          <>
            <Col span={6}>
              <Form.Item name="delivery_days" label={t('publishing.delivery')} {...errorOf('delivery_days')}>
                <Select
                  data-testid="listing-delivery"
                  options={DELIVERY_DAYS.map((d) => ({
                    value: d,
                    label: t('publishing.days', { count: d }),
                  }))}
                />
              </Form.Item>
            </Col>
            {text('freight_template_id', t('publishing.freightTemplate'), MAX.freight, 6)}
            <Col span={6}>
              <Form.Item name="sales_mode" label={t('publishing.salesMode')}>
                <Select
                  data-testid="listing-sales_mode"
                  options={SALES_MODES.map((m) => ({ value: m, label: t(`publishing.salesModes.${m}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="site_ids" label={t('publishing.sites')} {...errorOf('site_ids')}>
                <Select mode="tags" data-testid="listing-sites" tokenSeparators={[',', ' ']} />
              </Form.Item>
            </Col>
            <Col span={24}>
              {listError('warehouse_routes')}
              {/* The warehouses linked to the shop (spec §2: warehouse choice); another id may be typed. */}
              <datalist id={WAREHOUSE_CHOICES} data-testid="listing-warehouse-choices">
                {linkedWarehouses.map((wh) => (
                  <option key={wh.id} value={wh.id} label={wh.name}>
                    {wh.name}
                  </option>
                ))}
              </datalist>
              <RowsField
                name="warehouse_routes"
                label={t('publishing.warehouses')}
                addLabel={t('publishing.addWarehouse')}
                newRow={() => ({
                  warehouse_id: '',
                  warehouse_type: 'self',
                  site_ids: values?.site_ids ?? [],
                })}
                addTestId="listing-add-warehouse"
                wrap
              >
                {(row) => (
                  <>
                    <Form.Item
                      name={[row, 'warehouse_id']}
                      {...errorOf('warehouse_routes', row, 'warehouse_id')}
                    >
                      <Input
                        placeholder={t('publishing.warehouse')}
                        maxLength={MAX.warehouse}
                        list={WAREHOUSE_CHOICES}
                        data-testid={`listing-warehouse-${row}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[row, 'warehouse_type']}
                      {...errorOf('warehouse_routes', row, 'warehouse_type')}
                    >
                      <Select
                        style={{ width: 140 }}
                        options={WAREHOUSE_TYPES.map((w) => ({
                          value: w,
                          label: t(`publishing.warehouseTypes.${w}`),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={[row, 'site_ids']} {...errorOf('warehouse_routes', row, 'site_ids')}>
                      <Select
                        mode="multiple"
                        style={{ minWidth: 220 }}
                        placeholder={t('publishing.routeSites')}
                        data-testid={`listing-route-sites-${row}`}
                        options={(values?.site_ids ?? []).map((s) => ({ value: s, label: s }))}
                      />
                    </Form.Item>
                  </>
                )}
              </RowsField>
            </Col>
          </>,
        )}

        {section(
          t('publishing.sections.variations'),
          <>
            {text('sku_prefix', t('publishing.skuPrefix'), MAX.skuPrefix, 8)}
            {text('skc_number', t('publishing.skcNumber'), MAX.skcNumber, 8)}
            {num('stock', t('publishing.stock'), 1, 8)}
            <Col span={24}>
              {listError('composition')}
              <RowsField
                name="composition"
                label={t('publishing.composition')}
                addLabel={t('publishing.addMaterial')}
                newRow={() => ({ material: '', ratio: null })}
                addTestId="listing-add-material"
              >
                {(row) => (
                  <>
                    <Form.Item name={[row, 'material']} {...errorOf('composition', row, 'material')}>
                      <Input placeholder={t('publishing.material')} maxLength={MAX.material} />
                    </Form.Item>
                    <Form.Item name={[row, 'ratio']} {...errorOf('composition', row, 'ratio')}>
                      <InputNumber placeholder={t('publishing.ratio')} min={0} max={100} />
                    </Form.Item>
                  </>
                )}
              </RowsField>
            </Col>
            <Col span={24}>
              {listError('size_tables')}
              <Form.List name="size_tables">
                {(tables, { add, remove }) => (
                  <Form.Item label={t('publishing.sizeTables')}>
                    {tables.map((table) => (
                      <div
                        key={table.key}
                        style={{ border: '1px dashed #d9d9d9', padding: 8, marginBottom: 8 }}
                      >
                        <Space align="start">
                          <Form.Item name={[table.name, 'name']}>
                            <Input placeholder={t('publishing.sizeTableName')} maxLength={MAX.tableName} />
                          </Form.Item>
                          <Button
                            icon={<DeleteOutlined />}
                            aria-label={t('publishing.remove')}
                            onClick={() => remove(table.name)}
                          />
                        </Space>
                        <Form.List name={[table.name, 'rows']}>
                          {(rows, rowOps) => (
                            <>
                              {rows.map((row) => (
                                <Space key={row.key} align="start" wrap style={{ display: 'flex' }}>
                                  <Form.Item name={[row.name, 'size']}>
                                    <Input
                                      placeholder={t('publishing.size')}
                                      maxLength={MAX.size}
                                      style={{ width: 90 }}
                                    />
                                  </Form.Item>
                                  {(['length', 'width', 'height', 'net_weight'] as const).map((key) => (
                                    <Form.Item
                                      key={key}
                                      name={[row.name, key]}
                                      {...errorOf('size_tables', table.name, 'rows', row.name, key)}
                                    >
                                      <InputNumber placeholder={t(`publishing.sizeRow.${key}`)} step={0.1} />
                                    </Form.Item>
                                  ))}
                                  <Button
                                    icon={<DeleteOutlined />}
                                    aria-label={t('publishing.remove')}
                                    onClick={() => rowOps.remove(row.name)}
                                  />
                                </Space>
                              ))}
                              <Button
                                size="small"
                                icon={<PlusOutlined />}
                                onClick={() =>
                                  rowOps.add({
                                    size: '',
                                    length: values?.length ?? null,
                                    width: values?.width ?? null,
                                    height: values?.height ?? null,
                                    net_weight: values?.weight ?? null,
                                  })
                                }
                              >
                                {t('publishing.addSizeRow')}
                              </Button>
                            </>
                          )}
                        </Form.List>
                      </div>
                    ))}
                    <Button
                      icon={<PlusOutlined />}
                      data-testid="listing-add-size-table"
                      onClick={() =>
                        add({
                          name: t('publishing.sizeTableDefault', { n: tables.length + 1 }),
                          rows: [
                            {
                              size: 'ONE',
                              length: values?.length ?? null,
                              width: values?.width ?? null,
                              height: values?.height ?? null,
                              net_weight: values?.weight ?? null,
                            },
                          ],
                        })
                      }
                    >
                      {t('publishing.addSizeTable')}
                    </Button>
                  </Form.Item>
                )}
              </Form.List>
            </Col>
          </>,
        )}

        {listing ? (
          <>
            <Divider titlePlacement="start">{t('publishing.sections.record')}</Divider>
            <Descriptions size="small" column={2} data-testid="listing-record">
              <Descriptions.Item label={t('publishing.status')}>
                {t(`publishing.statuses.${listing.status}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('publishing.auditStatus')}>
                {t(`publishing.auditStatuses.${listing.audit_status}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('publishing.publishStartedAt')}>
                {listing.publish_started_at ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('publishing.publishedAt')}>
                {listing.published_at ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('publishing.failedAt')}>
                {listing.failed_at ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('publishing.auditedAt')}>
                {listing.audited_at ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('publishing.failReason')} span={2}>
                {listing.fail_reason ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('publishing.externalId')} span={2}>
                {[listing.external_product_id, listing.external_skc_id].filter(Boolean).join(' / ') || '—'}
              </Descriptions.Item>
            </Descriptions>
          </>
        ) : null}

        {others.length ? (
          <Alert
            type="error"
            data-testid="rule-issues"
            style={{ marginTop: 12 }}
            title={t('publishing.ruleIssues')}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {others.map((i, n) => (
                  <li key={n}>{describeIssue(i, lang)}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Form>
      <Modal
        open={isTemplateOpen}
        title={t('publishing.saveAsTemplate')}
        onCancel={() => setTemplateOpen(false)}
        onOk={() => void createTemplate()}
        confirmLoading={saveTemplate.isPending}
        okButtonProps={{ 'data-testid': 'template-save-ok' }}
        destroyOnHidden
      >
        <Form form={templateForm} layout="vertical">
          <Form.Item
            name="name"
            label={t('publishing.templateName')}
            rules={[
              {
                validator: (_r, value: unknown) =>
                  typeof value === 'string' && value.trim()
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.templateNameEmpty'))),
              },
            ]}
            extra={t('publishing.templateKeeps')}
          >
            <Input maxLength={MAX.templateName} data-testid="template-name-input" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

/**
 * A list of rows in the form (attributes, site prices, warehouses, composition): each row's
 * fields from `children` with a remove button, and an add button under them.
 */
function RowsField({
  name,
  label,
  addLabel,
  newRow,
  addTestId,
  wrap = false,
  children,
}: {
  name: string;
  label: string;
  addLabel: string;
  newRow: () => object;
  addTestId?: string;
  wrap?: boolean;
  children: (row: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <Form.Item label={label}>
          {items.map((item) => (
            <Space key={item.key} align="start" wrap={wrap} style={{ display: 'flex' }}>
              {children(item.name)}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('publishing.remove')}
                onClick={() => remove(item.name)}
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} data-testid={addTestId} onClick={() => add(newRow())}>
            {addLabel}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}
