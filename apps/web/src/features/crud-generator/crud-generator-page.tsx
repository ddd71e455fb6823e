import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Collapse,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CRUD_FIELD_TYPES,
  CRUD_FORM_CONTROLS,
  crudDesignSchema,
  devtoolsOperations,
  maxLengthOf,
  type CrudDesign,
  type GeneratedFile,
  type GeneratedMigration,
} from '@pod/shared';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/api-error.ts';

type FieldRow = CrudDesign['fields'][number];
const newField = (i: number): FieldRow => ({
  name: `field_${i}`,
  title: `Field ${i}`,
  type: 'string',
  required: false,
  listed: true,
  searched: false,
  sortable: false,
  control: 'input',
});

/**
 * The CRUD generator (spec /admin/crud/crud, decision 0049): design a table, preview the files
 * with their diffs, and write them. Only in development; otherwise the page says so and no more.
 */
export function CrudGeneratorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = useQuery({
    queryKey: ['crudGenerator', 'status'],
    queryFn: () => call(devtoolsOperations.crudGeneratorStatus),
  });
  const [form] = Form.useForm<{ table: string; title: string; title_en: string }>();
  const [fields, setFields] = useState<FieldRow[]>([newField(1)]);
  const [files, setFiles] = useState<GeneratedFile[]>([]);
  const [migrationError, setMigrationError] = useState<string | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [result, setResult] = useState<{
    written: string[];
    kept: string[];
    migration: GeneratedMigration | null;
  } | null>(null);
  const fail = (error: unknown) =>
    void message.error(error instanceof ApiError ? error.msg : t('request.unknownError'));

  const design = async (): Promise<CrudDesign> => ({ ...(await form.validateFields()), fields });
  const preview = useMutation({
    mutationFn: async () => call(devtoolsOperations.crudGeneratorPreview, { body: await design() }),
    onSuccess: (data) => {
      setFiles(data.files);
      setMigrationError(data.migration_error);
    },
    onError: fail,
  });
  const generate = useMutation({
    mutationFn: async () =>
      call(devtoolsOperations.crudGeneratorGenerate, { body: { design: await design(), overwrite } }),
    onSuccess: (data) => setResult(data),
    onError: fail,
  });

  if (status.isLoading) return <Card loading />;
  if (!status.data?.enabled)
    return (
      <Alert type="info" showIcon data-testid="crud-generator-disabled" title={t('crudGenerator.disabled')} />
    );

  const set = (i: number, patch: Partial<FieldRow>) =>
    setFields(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const bool = (key: 'required' | 'listed' | 'searched' | 'sortable') => ({
    key,
    title: t(`crudGenerator.${key}`),
    render: (_: unknown, f: FieldRow, i: number) => (
      <Switch size="small" checked={f[key]} onChange={(v) => set(i, { [key]: v })} />
    ),
  });

  return (
    <Card data-testid="crud-generator-page">
      <Form form={form} layout="inline" initialValues={{ table: '', title: '', title_en: '' }}>
        <Form.Item
          name="table"
          label={t('crudGenerator.table')}
          extra={t('crudGenerator.tableHint')}
          rules={[{ required: true }]}
        >
          <Input maxLength={maxLengthOf(crudDesignSchema.shape.table)} />
        </Form.Item>
        <Form.Item name="title" label={t('crudGenerator.title')} rules={[{ required: true }]}>
          <Input maxLength={maxLengthOf(crudDesignSchema.shape.title)} />
        </Form.Item>
        <Form.Item name="title_en" label={t('crudGenerator.titleEn')} rules={[{ required: true }]}>
          <Input maxLength={maxLengthOf(crudDesignSchema.shape.title_en)} />
        </Form.Item>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('crudGenerator.fields')}
      </Typography.Title>
      <Table<FieldRow>
        rowKey={(_, i) => String(i)}
        size="small"
        pagination={false}
        dataSource={fields}
        scroll={{ x: true }}
        columns={[
          {
            key: 'name',
            title: t('crudGenerator.fieldName'),
            render: (_, f, i) => <Input value={f.name} onChange={(e) => set(i, { name: e.target.value })} />,
          },
          {
            key: 'title',
            title: t('crudGenerator.fieldTitle'),
            render: (_, f, i) => (
              <Input value={f.title} onChange={(e) => set(i, { title: e.target.value })} />
            ),
          },
          {
            key: 'type',
            title: t('crudGenerator.type'),
            render: (_, f, i) => (
              <Select
                style={{ width: 110 }}
                value={f.type}
                options={CRUD_FIELD_TYPES.map((v) => ({ value: v, label: v }))}
                onChange={(type) => set(i, { type })}
              />
            ),
          },
          {
            key: 'length',
            title: t('crudGenerator.length'),
            render: (_, f, i) => (
              <InputNumber
                min={1}
                precision={0}
                value={f.length ?? null}
                onChange={(v) => set(i, { length: v ?? undefined })}
              />
            ),
          },
          {
            key: 'default',
            title: t('crudGenerator.default'),
            render: (_, f, i) => (
              <Input
                value={f.default ?? ''}
                onChange={(e) => set(i, { default: e.target.value || undefined })}
              />
            ),
          },
          {
            key: 'enum',
            title: t('crudGenerator.enumValues'),
            render: (_, f, i) => (
              <Select
                mode="tags"
                style={{ minWidth: 140 }}
                disabled={f.type !== 'enum'}
                value={f.enum_values ?? []}
                onChange={(enum_values: string[]) => set(i, { enum_values })}
              />
            ),
          },
          bool('required'),
          bool('listed'),
          bool('searched'),
          bool('sortable'),
          {
            key: 'control',
            title: t('crudGenerator.control'),
            render: (_, f, i) => (
              <Select
                style={{ width: 110 }}
                value={f.control}
                options={CRUD_FORM_CONTROLS.map((v) => ({ value: v, label: v }))}
                onChange={(control) => set(i, { control })}
              />
            ),
          },
          {
            key: 'remove',
            title: '',
            render: (_, _f, i) => (
              <Button
                size="small"
                danger
                disabled={fields.length === 1}
                onClick={() => setFields(fields.filter((_x, j) => j !== i))}
              >
                ×
              </Button>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Button onClick={() => setFields([...fields, newField(fields.length + 1)])}>
          {t('crudGenerator.addField')}
        </Button>
        <Button onClick={() => preview.mutate()} loading={preview.isPending}>
          {t('crudGenerator.preview')}
        </Button>
        <Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)}>
          {t('crudGenerator.overwrite')}
        </Checkbox>
        <Button
          type="primary"
          onClick={() => generate.mutate()}
          loading={generate.isPending}
          disabled={files.length === 0}
        >
          {t('crudGenerator.generate')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        {t('crudGenerator.overwriteHint')} {t('crudGenerator.migrationHint')}
      </Typography.Paragraph>
      {migrationError ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="crud-generator-migration-error"
          title={migrationError}
        />
      ) : files.length > 0 && !files.some((f) => f.kind === 'migration') ? (
        <Typography.Paragraph type="secondary">{t('crudGenerator.noMigration')}</Typography.Paragraph>
      ) : null}
      {result ? (
        <Alert
          type={result.kept.length ? 'warning' : 'success'}
          style={{ marginBottom: 12 }}
          data-testid="crud-generator-result"
          title={`${t('crudGenerator.written')}: ${result.written.length}; ${t('crudGenerator.kept')}: ${result.kept.join(', ') || '—'}; ${t('crudGenerator.migration')}: ${result.migration?.path ?? '—'}`}
          description={
            result.migration ? (
              <pre style={{ maxHeight: 300, overflow: 'auto', margin: 0 }}>{result.migration.sql}</pre>
            ) : undefined
          }
        />
      ) : null}
      <Collapse
        items={files.map((f) => ({
          key: f.path,
          label: (
            <Space>
              <Typography.Text code>{f.path}</Typography.Text>
              <Tag>{t(`crudGenerator.kind.${f.kind}`)}</Tag>
              <Tag color={f.state === 'changed' ? 'orange' : f.state === 'new' ? 'green' : 'default'}>
                {t(`crudGenerator.state.${f.state}`)}
              </Tag>
            </Space>
          ),
          children: (
            <pre style={{ maxHeight: 400, overflow: 'auto' }}>
              {f.state === 'changed' ? f.diff : f.content}
            </pre>
          ),
        }))}
      />
    </Card>
  );
}
