import { Checkbox, Form, Input, InputNumber, Radio, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_TIERS,
  MENU_TYPES,
  menuCreateSchema,
  menuUpdateSchema,
  accessOperations,
  type Menu,
  maxLengthOf,
} from '@pod/shared';
import { useZodField } from '../../forms/use-zod-field.ts';
import { useCrudSelect } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { MENU_ICON_NAMES, MenuIcon } from '../layout/menu-icon.tsx';
import { useMenuTitle } from '../layout/use-menu-title.ts';
import { StatusSelect, StatusTag, useStatusOptions } from './shared-fields.tsx';

const FIELDS = [
  'parent_id',
  'type',
  'title',
  'name',
  'permission',
  'icon',
  'path',
  'component',
  'url',
  'is_external',
  'keepalive',
  'tiers',
  'sort',
  'status',
] as const;

/** Menus (platform only): directories, items and buttons as a tree (spec §5 menu form). */
export function MenuPage() {
  const { t } = useTranslation();
  const field = useZodField();
  const menuTitle = useMenuTitle();
  const statusOptions = useStatusOptions();
  const parents = useCrudSelect(accessOperations.menu);
  const typeOptions = MENU_TYPES.map((type) => ({ value: type, label: t(`access.menuType.${type}`) }));

  const form: CrudFormConfig<Menu> = {
    fieldNames: FIELDS,
    width: 760,
    initialValues: {
      type: 'menu',
      status: 'enabled',
      sort: 0,
      tiers: ['platform'],
      is_external: false,
      keepalive: false,
    },
    toBody: (values) => ({
      ...values,
      parent_id: values.parent_id ?? null,
      permission: values.permission ?? '',
      icon: values.icon ?? '',
      path: values.path ?? '',
      component: values.component ?? '',
      url: values.url ?? '',
    }),
    render: ({ mode, row }) => {
      const shape = mode === 'create' ? menuCreateSchema.shape : menuUpdateSchema.shape;
      return (
        <>
          <Form.Item name="parent_id" label={t('fields.parent_id')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('access.topLevel')}
              options={(parents.data ?? [])
                .filter((option) => option.value !== row?.id)
                .map((option) => ({ value: option.value, label: menuTitle(option.label) }))}
            />
          </Form.Item>
          <Form.Item {...field('type', shape.type)}>
            <Radio.Group options={typeOptions} optionType="button" />
          </Form.Item>
          <Form.Item {...field('title', shape.title)} extra={t('access.menu.titleHint')}>
            <Input maxLength={maxLengthOf(shape.title)} />
          </Form.Item>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
          </Form.Item>
          <Form.Item {...field('permission', shape.permission)}>
            <Input maxLength={maxLengthOf(shape.permission)} />
          </Form.Item>
          <Form.Item {...field('icon', shape.icon)}>
            <Select
              allowClear
              showSearch
              options={MENU_ICON_NAMES.map((name) => ({
                value: name,
                label: (
                  <span>
                    <MenuIcon name={name} /> {name}
                  </span>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item {...field('path', shape.path)}>
            <Input maxLength={maxLengthOf(shape.path)} />
          </Form.Item>
          <Form.Item {...field('component', shape.component)}>
            <Input maxLength={maxLengthOf(shape.component)} />
          </Form.Item>
          <Form.Item {...field('url', shape.url)}>
            <Input maxLength={maxLengthOf(shape.url)} />
          </Form.Item>
          <Form.Item name="is_external" label={t('fields.is_external')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="keepalive" label={t('fields.keepalive')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item {...field('tiers', shape.tiers)}>
            <Checkbox.Group
              options={ADMIN_TIERS.map((tier) => ({ value: tier, label: t(`admin.tier.${tier}`) }))}
            />
          </Form.Item>
          <Form.Item {...field('sort', shape.sort)} extra={t('access.sortHint')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </>
      );
    },
  };

  return (
    <CrudPage<Menu>
      testId="menu-page"
      resource={accessOperations.menu}
      isTree
      isSortable
      form={form}
      filters={
        <>
          <Form.Item name="type" label={t('fields.type')}>
            <Select allowClear placeholder={t('crud.all')} options={typeOptions} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="status" label={t('fields.status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[
        {
          key: 'title',
          title: t('fields.title'),
          isOrderable: true,
          render: (row) => (
            <span>
              {row.icon ? <MenuIcon name={row.icon} /> : null} {menuTitle(row.title)}
            </span>
          ),
        },
        {
          key: 'type',
          title: t('fields.type'),
          render: (row) => <Tag>{t(`access.menuType.${row.type}`)}</Tag>,
        },
        { key: 'name', title: t('fields.name') },
        { key: 'path', title: t('fields.path') },
        { key: 'component', title: t('fields.component'), isHiddenByDefault: true },
        {
          key: 'keepalive',
          title: t('fields.keepalive'),
          render: (row) => t(row.keepalive ? 'crud.yes' : 'crud.no'),
          isHiddenByDefault: true,
        },
        { key: 'status', title: t('fields.status'), render: (row) => <StatusTag status={row.status} /> },
        { key: 'sort', title: t('fields.sort'), isOrderable: true },
      ]}
    />
  );
}
