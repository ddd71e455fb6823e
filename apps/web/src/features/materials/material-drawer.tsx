import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Form,
  Image,
  Input,
  Radio,
  Select,
  Switch,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  materialCreateSchema,
  type Material,
  type MaterialCategory,
  tenancyOperations,
  maxLengthOf,
} from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { useStatusOptions, DateTime } from '../access/shared-fields.tsx';
import { useCrudSelect } from '../crud/api.ts';
import { YuanInput } from '../tenancy/money-input.tsx';
import { minorToYuan, yuanText, yuanToMinor } from '../tenancy/money.ts';
import { formatBytes } from '../uploads/file-checks.ts';
import { useAuthoriseMaterial, useUpdateMaterial } from './api.ts';
import { leafIds } from './category-tree.ts';
import { useTypeOptions, useVisibilityOptions } from './material-options.tsx';

const FIELDS = [
  'name',
  'category_id',
  'specs',
  'type',
  'price',
  'status',
  'visibility',
  'blacklist',
  'whitelist',
] as const;

/** What the drawer may do, from the page's buttons and the user's tier. */
export interface DrawerPermissions {
  canEdit: boolean;
  /** Platform and supplier users with `material:authorise` (spec §6). */
  canAuthorise: boolean;
  /** The merchant select list is open to the user (suppliers), so the black and white lists show. */
  canPickMerchants: boolean;
}

type Values = {
  name: string;
  category_id: string | null;
  specs: string;
  type: string;
  price: number | null;
  status: string;
  visibility: string;
  blacklist: string[];
  whitelist: string[];
};

/** The category select: Uncategorised plus the leaf categories (materials sit in leaves, spec §4). */
function categoryOptions(categories: readonly MaterialCategory[], uncategorised: string) {
  const leaves = leafIds(categories);
  const ids = new Set(categories.map((c) => c.id));
  type Node = { value: string; title: string; disabled: boolean; children: Node[] };
  const build = (parent: string | null): Node[] =>
    categories
      .filter((c) => (c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null) === parent)
      .map((c) => ({ value: c.id, title: c.name, disabled: !leaves.has(c.id), children: build(c.id) }));
  return [{ value: '', title: uncategorised, disabled: false, children: [] }, ...build(null)];
}

/**
 * A material's details, fields and sharing (spec §3 Material, §6): visibility with the black and
 * white merchant lists, and the official authorisation switch for the official side.
 */
export function MaterialDrawer(props: {
  material: Material;
  categories: readonly MaterialCategory[];
  permissions: DrawerPermissions;
  onClose: () => void;
}) {
  const { material, permissions } = props;
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const typeOptions = useTypeOptions();
  const visibilityOptions = useVisibilityOptions();
  const [form] = Form.useForm<Values>();
  const update = useUpdateMaterial();
  const authorise = useAuthoriseMaterial();
  const merchants = useCrudSelect(tenancyOperations.merchant, permissions.canPickMerchants);
  const onFailure = useFormFailure(form, FIELDS);
  const [isAuthorised, setIsAuthorised] = useState(material.is_authorised);
  const shape = materialCreateSchema.shape;
  const showLists = permissions.canPickMerchants && !merchants.isError;

  const onFinish = async (values: Values) => {
    const body: Record<string, unknown> = {
      name: values.name,
      category_id: values.category_id || null,
      specs: values.specs ?? '',
      type: values.type,
      price: yuanToMinor(values.price),
      status: values.status,
      visibility: values.visibility,
    };
    if (showLists) {
      body.blacklist = values.blacklist ?? [];
      body.whitelist = values.whitelist ?? [];
    }
    try {
      await update.mutateAsync({ id: material.id, body });
      props.onClose();
    } catch (error) {
      onFailure(error as ApiError);
    }
  };

  const merchantOptions = merchants.data ?? [];
  return (
    <Drawer
      open
      size={560}
      title={t('materials.edit.title', { name: material.name })}
      onClose={props.onClose}
      data-testid="material-drawer"
      footer={
        permissions.canEdit ? (
          <Flex justify="end" gap={8}>
            <Button onClick={props.onClose}>{t('app.cancel')}</Button>
            <Button
              type="primary"
              loading={update.isPending}
              onClick={() => form.submit()}
              data-testid="material-save"
            >
              {t('app.save')}
            </Button>
          </Flex>
        ) : null
      }
    >
      <Flex vertical gap={16}>
        <Flex gap={16} align="start">
          <Image
            src={material.thumb_url ?? material.image_url}
            preview={{ src: material.image_url }}
            width={140}
            height={140}
            style={{ objectFit: 'contain', background: 'rgba(128,128,128,0.08)' }}
            alt={material.name}
          />
          <Descriptions size="small" column={1} style={{ flex: 1 }}>
            <Descriptions.Item label={t('materials.number')}>{material.number}</Descriptions.Item>
            <Descriptions.Item label={t('materials.dimensions')}>
              {material.width} × {material.height} px{material.dpi ? ` · ${material.dpi} DPI` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('materials.format')}>
              {material.format.toUpperCase()} · {formatBytes(material.file_size)}
            </Descriptions.Item>
            <Descriptions.Item label={t('materials.sales')}>
              {t('materials.salesValue', {
                count: material.sales_count,
                amount: yuanText(material.sales_amount),
                pieces: material.order_pieces,
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('access.createdAt')}>
              <DateTime value={material.created_at} />
            </Descriptions.Item>
          </Descriptions>
        </Flex>
        {permissions.canAuthorise && material.is_official ? (
          <Flex
            justify="space-between"
            align="center"
            style={{ padding: 12, border: '1px solid rgba(128,128,128,0.25)', borderRadius: 8 }}
          >
            <Flex vertical>
              <Typography.Text strong>{t('materials.authorise.label')}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('materials.authorise.hint')}
              </Typography.Text>
            </Flex>
            <Switch
              checked={isAuthorised}
              loading={authorise.isPending}
              data-testid="material-authorise"
              aria-label={t('materials.authorise.label')}
              onChange={(checked) =>
                authorise.mutate(
                  { id: material.id, isAuthorised: checked },
                  { onSuccess: (row) => setIsAuthorised(row.is_authorised) },
                )
              }
            />
          </Flex>
        ) : material.is_official ? (
          <Tag color={material.is_authorised ? 'green' : 'orange'} style={{ alignSelf: 'start' }}>
            {t(material.is_authorised ? 'materials.authorise.on' : 'materials.authorise.off')}
          </Tag>
        ) : null}
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={!permissions.canEdit}
          data-testid="material-form"
          initialValues={{
            name: material.name,
            category_id: material.category_id ?? '',
            specs: material.specs,
            type: material.type,
            price: minorToYuan(material.price),
            status: material.status,
            visibility: material.visibility,
            blacklist: material.blacklist,
            whitelist: material.whitelist,
          }}
          onFinish={(values) => void onFinish(values)}
        >
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
          </Form.Item>
          <Form.Item name="category_id" label={fieldLabel('category_id')}>
            <TreeSelect
              treeDefaultExpandAll
              treeData={categoryOptions(props.categories, t('materials.category.uncategorised'))}
              data-testid="material-category"
            />
          </Form.Item>
          <Form.Item {...field('specs', shape.specs)}>
            <Input maxLength={maxLengthOf(shape.specs)} />
          </Form.Item>
          <Flex gap={16}>
            <Form.Item name="type" label={fieldLabel('type')} style={{ flex: 1 }}>
              <Select options={typeOptions} />
            </Form.Item>
            <Form.Item name="price" label={fieldLabel('price')} style={{ flex: 1 }}>
              <YuanInput />
            </Form.Item>
          </Flex>
          <Form.Item name="status" label={fieldLabel('status')} extra={t('materials.edit.statusHint')}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Divider titlePlacement="start">{t('materials.sharing.title')}</Divider>
          <Form.Item name="visibility" label={fieldLabel('visibility')} extra={t('materials.sharing.hint')}>
            <Radio.Group options={visibilityOptions} data-testid="material-visibility" />
          </Form.Item>
          {showLists ? (
            <>
              <Form.Item
                name="blacklist"
                label={fieldLabel('blacklist')}
                extra={t('materials.sharing.blacklistHint')}
              >
                <Select
                  mode="multiple"
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={merchants.isPending}
                  options={merchantOptions}
                  placeholder={t('materials.sharing.pickMerchants')}
                  data-testid="material-blacklist"
                />
              </Form.Item>
              <Form.Item
                name="whitelist"
                label={fieldLabel('whitelist')}
                extra={t('materials.sharing.whitelistHint')}
              >
                <Select
                  mode="multiple"
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={merchants.isPending}
                  options={merchantOptions}
                  placeholder={t('materials.sharing.pickMerchants')}
                  data-testid="material-whitelist"
                />
              </Form.Item>
            </>
          ) : material.blacklist.length || material.whitelist.length ? (
            <Alert
              type="info"
              showIcon
              title={t('materials.sharing.listsKept', {
                black: material.blacklist.length,
                white: material.whitelist.length,
              })}
            />
          ) : null}
        </Form>
      </Flex>
    </Drawer>
  );
}
