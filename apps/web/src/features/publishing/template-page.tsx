import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  listingFieldsSchema,
  maxLengthOf,
  PUBLISH_PLATFORMS,
  publishingOperations,
  publishTemplateCreateSchema,
  type ListingFields,
} from '@pod/shared';
import { useZodField } from '../../forms/use-zod-field.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';

type Template = {
  id: string;
  name: string;
  platform: 'tiktok' | 'temu';
  fields: ListingFields;
  created_at: string;
};

/**
 * Listing templates (issue 23): a listing's reusable fields under a name ("Template name cannot be
 * empty", spec §5). A new template starts from empty fields; the publish list applies them.
 */
export function TemplatePage() {
  const { t } = useTranslation();
  const field = useZodField();
  const shape = publishTemplateCreateSchema.shape;
  const form: CrudFormConfig<Template> = {
    fieldNames: ['name', 'platform'],
    initialValues: { name: '', platform: 'tiktok' },
    toBody: (values, mode) =>
      mode === 'create'
        ? { name: values.name, platform: values.platform, fields: listingFieldsSchema.parse({}) }
        : { name: values.name },
    render: () => (
      <>
        <Form.Item {...field('name', shape.name)}>
          <Input maxLength={maxLengthOf(shape.name)} data-testid="template-name" />
        </Form.Item>
        <Form.Item name="platform" label={t('publishing.platform')}>
          <Select options={PUBLISH_PLATFORMS.map((p) => ({ value: p, label: p }))} />
        </Form.Item>
      </>
    ),
  };
  return (
    <CrudPage<Template>
      testId="publish-template-page"
      resource={publishingOperations.template}
      form={form}
      columns={[
        { key: 'name', title: t('fields.name'), isOrderable: true },
        { key: 'platform', title: t('publishing.platform') },
        { key: 'created_at', title: t('access.createdAt'), isOrderable: true },
      ]}
    />
  );
}
