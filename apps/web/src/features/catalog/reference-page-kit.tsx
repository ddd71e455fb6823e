import type { ReactElement } from 'react';
import { Flex, Form, InputNumber, Radio } from 'antd';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import type { FieldName, FieldSchema } from '../../forms/zod-rule.ts';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { CrudPage, type CrudColumn, type CrudFormConfig, type CrudPageProps } from '../crud/crud-page.tsx';

/*
 * What the catalogue's reference pages (reference-pages.tsx) have in common: every one is a sortable
 * CRUD page whose form ends with sort and status, whose filters end with status, and whose table ends
 * with status, sort and creation time. A page states only its own fields, filters and columns.
 */

/** The fields every reference row carries. */
export interface ReferenceRow {
  id: string;
  sort: number;
  status: string;
  created_at: string;
}

/** A column of a reference page; its title is the field's label. */
export type ReferenceColumn<Row> = Omit<CrudColumn<Row>, 'key' | 'title'> & { key: FieldName };

/** A reference page's own form: sort and status (and their starting values) are added after it. */
export type ReferenceForm<Row> = Omit<CrudFormConfig<Row>, 'initialValues'> & {
  initialValues?: CrudFormConfig<Row>['initialValues'];
};

/** Form fields side by side, each taking an equal share of the row, in the order given. */
export function FieldRow<Name extends FieldName>({
  shape,
  fields,
}: {
  shape: NoInfer<Record<Name, FieldSchema>>;
  fields: Record<Name, ReactElement>;
}) {
  const field = useZodField();
  return (
    <Flex gap={16}>
      {(Object.keys(fields) as Name[]).map((name) => (
        <Form.Item key={name} {...field(name, shape[name])} style={{ flex: 1 }}>
          {fields[name]}
        </Form.Item>
      ))}
    </Flex>
  );
}

/**
 * The language a column's cells are written in, where the page edits a name in both languages
 * (`name` Chinese, `en_name` English): the cell says so (`lang`), for screen readers and for the
 * two-language sweep, which reads such text as the data it is, not as the interface.
 */
function languageOf(key: FieldName, bilingual: boolean): 'zh-CN' | 'en' | undefined {
  if (!bilingual) return undefined;
  if (key === 'name') return 'zh-CN';
  return key === 'en_name' ? 'en' : undefined;
}

/** A plain cell's text: the names these columns hold are strings. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The sort and status fields every reference form ends with. */
function SortAndStatus({ shape }: { shape: { sort: FieldSchema; status: FieldSchema } }) {
  const statusOptions = useStatusOptions();
  return (
    <FieldRow
      shape={shape}
      fields={{
        sort: <InputNumber precision={0} style={{ width: '100%' }} />,
        status: <Radio.Group options={statusOptions} />,
      }}
    />
  );
}

/** Status, sort and creation time: the columns every reference table ends with. */
const COMMON_COLUMNS: ReferenceColumn<ReferenceRow>[] = [
  { key: 'status', render: (row) => <StatusTag status={row.status} /> },
  { key: 'sort', isOrderable: true },
  { key: 'created_at', render: (row) => <DateTime value={row.created_at} />, isHiddenByDefault: true },
];

interface ReferencePageProps<Row extends ReferenceRow> extends Pick<
  CrudPageProps<Row>,
  'testId' | 'resource' | 'isTree'
> {
  /** The create schema's shape, for the sort and status fields. */
  shape: { sort: FieldSchema; status: FieldSchema };
  form: ReferenceForm<Row>;
  /** Filters shown before the status filter. */
  filters?: CrudPageProps<Row>['filters'];
  /** Columns shown before status, sort and creation time. */
  columns: readonly ReferenceColumn<Row>[];
}

/** A sortable CRUD page of catalogue reference data (colours, sizes, categories, the dictionary…). */
export function ReferencePage<Row extends ReferenceRow>({
  shape,
  form,
  filters,
  columns,
  ...page
}: ReferencePageProps<Row>) {
  const fieldLabel = useFieldLabel();
  const config: CrudFormConfig<Row> = {
    ...form,
    fieldNames: [...form.fieldNames, 'sort', 'status'],
    initialValues: { ...form.initialValues, sort: 0, status: 'enabled' },
    render: (props) => (
      <>
        {form.render(props)}
        <SortAndStatus shape={shape} />
      </>
    ),
  };
  const bilingual = columns.some((column) => column.key === 'en_name');
  return (
    <CrudPage<Row>
      {...page}
      form={config}
      isSortable
      filters={
        <>
          {filters}
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[...columns, ...COMMON_COLUMNS].map((column) => {
        const lang = languageOf(column.key, bilingual);
        const render = column.render;
        return {
          ...column,
          title: fieldLabel(column.key),
          ...(lang && {
            render: (row: Row) => (
              <span lang={lang}>
                {render ? render(row) : textOf((row as Record<string, unknown>)[column.key])}
              </span>
            ),
          }),
        };
      })}
    />
  );
}
