import { Checkbox, Form, Input, InputNumber, Radio, Select, Switch, Tag, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_TIERS,
  MENU_LINK_TARGETS,
  MENU_TYPES,
  menuCreateSchema,
  menuRequiredFields,
  menuUpdateSchema,
  accessOperations,
  type Menu,
  type MenuRequiredField,
  maxLengthOf,
} from '@pod/shared';
import { useZodField, useFieldLabel } from '../../forms/use-zod-field.ts';
import { useCrudSelect, type SelectOption } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig, type FormMode } from '../crud/crud-page.tsx';
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
  'link_target',
  'keepalive',
  'tiers',
  'sort',
  'status',
] as const;

/** The title a menu row shows: a button says which page it belongs to ("Add (Roles)"). */
export function useMenuRowTitle(parents: readonly SelectOption[] | undefined) {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  return (row: Pick<Menu, 'type' | 'title' | 'parent_id'>) => {
    const own = menuTitle(row.title);
    if (row.type !== 'button') return own;
    const parent = parents?.find((option) => option.value === row.parent_id);
    return parent ? t('access.menu.buttonOf', { button: own, page: menuTitle(parent.label) }) : own;
  };
}

/**
 * The menu form's fields. spec §5 "parent, title, sort, url, component and path required", read per
 * type: the marks and checks follow the chosen type and the external-link switch as they change.
 */
function MenuFormFields({
  mode,
  row,
  parents,
}: {
  mode: FormMode;
  row: Menu | null;
  parents: SelectOption[];
}) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const field = useZodField();
  const menuTitle = useMenuTitle();
  const statusOptions = useStatusOptions();
  const form = Form.useFormInstance();
  const type = Form.useWatch<Menu['type'] | undefined>('type', form) ?? row?.type ?? 'menu';
  const isExternal = Form.useWatch<boolean | undefined>('is_external', form) ?? row?.is_external ?? false;
  const required = new Set<MenuRequiredField>(menuRequiredFields({ type, is_external: isExternal }));
  const shape = mode === 'create' ? menuCreateSchema.shape : menuUpdateSchema.shape;
  const typeOptions = MENU_TYPES.map((value) => ({ value, label: t(`access.menuType.${value}`) }));
  /** A field the type requires: refused empty, in the interface language. */
  const need = (name: MenuRequiredField): FormRule[] =>
    required.has(name)
      ? [
          {
            validator: (_rule, value: unknown) =>
              typeof value === 'string' && value.trim()
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.required', { field: t(`fields.${name}`) }))),
          },
        ]
      : [];
  return (
    <>
      <Form.Item
        name="parent_id"
        label={fieldLabel('parent_id')}
        extra={type === 'button' ? t('access.menu.buttonParentHint') : undefined}
        required={required.has('parent_id')}
        rules={
          required.has('parent_id')
            ? [{ required: true, message: t('validation.select', { field: t('fields.parent_id') }) }]
            : []
        }
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('access.topLevel')}
          data-testid="menu-parent"
          options={parents
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
      {type === 'button' ? null : (
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
      )}
      {type === 'button' ? null : (
        <Form.Item {...field('path', shape.path, need('path'))} required={required.has('path')}>
          <Input maxLength={maxLengthOf(shape.path)} />
        </Form.Item>
      )}
      {type === 'menu' ? (
        <>
          <Form.Item name="is_external" label={fieldLabel('is_external')} valuePropName="checked">
            <Switch data-testid="menu-is-external" />
          </Form.Item>
          {isExternal ? (
            <>
              <Form.Item
                {...field('url', shape.url, need('url'))}
                required={required.has('url')}
                extra={t('access.menu.urlHint')}
              >
                <Input maxLength={maxLengthOf(shape.url)} />
              </Form.Item>
              <Form.Item name="link_target" label={fieldLabel('link_target')}>
                <Radio.Group
                  options={MENU_LINK_TARGETS.map((value) => ({
                    value,
                    label: t(`access.menu.linkTarget.${value}`),
                  }))}
                />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              {...field('component', shape.component, need('component'))}
              required={required.has('component')}
            >
              <Input maxLength={maxLengthOf(shape.component)} />
            </Form.Item>
          )}
          <Form.Item name="keepalive" label={fieldLabel('keepalive')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      ) : null}
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
}

/** Menus (platform only): directories, items and buttons as one whole tree (spec §5 menu form). */
export function MenuPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const parents = useCrudSelect(accessOperations.menu);
  const rowTitle = useMenuRowTitle(parents.data);
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
      link_target: 'blank',
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
    render: ({ mode, row }) => <MenuFormFields mode={mode} row={row} parents={parents.data ?? []} />,
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
          <Form.Item name="type" label={fieldLabel('type')}>
            <Select allowClear placeholder={t('crud.all')} options={typeOptions} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[
        {
          key: 'title',
          title: fieldLabel('title'),
          isOrderable: true,
          render: (row) => (
            <span data-testid="menu-row-title">
              {row.icon ? <MenuIcon name={row.icon} /> : null} {rowTitle(row)}
            </span>
          ),
        },
        {
          key: 'type',
          title: fieldLabel('type'),
          render: (row) => <Tag>{t(`access.menuType.${row.type}`)}</Tag>,
        },
        { key: 'name', title: fieldLabel('name') },
        { key: 'path', title: fieldLabel('path') },
        { key: 'component', title: fieldLabel('component'), isHiddenByDefault: true },
        {
          key: 'keepalive',
          title: fieldLabel('keepalive'),
          render: (row) => t(row.keepalive ? 'crud.yes' : 'crud.no'),
          isHiddenByDefault: true,
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
        { key: 'sort', title: fieldLabel('sort'), isOrderable: true },
      ]}
    />
  );
}
