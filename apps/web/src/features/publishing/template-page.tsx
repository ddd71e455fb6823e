import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  listingFieldsSchema,
  maxLengthOf,
  PERMISSIONS,
  PUBLISH_PLATFORMS,
  publishingOperations,
  publishTemplateCreateSchema,
  type ListingFields,
} from '@pod/shared';
import { useZodField, useFieldLabel } from '../../forms/use-zod-field.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { menuButtons } from '../../session/permissions.ts';
import { ApplyTemplateModal } from './apply-template-modal.tsx';

type Template = {
  id: string;
  name: string;
  platform: 'tiktok' | 'temu';
  fields: ListingFields;
  created_at: string;
};

/**
 * Listing templates (issue 23): a listing's reusable fields under a name ("Template name cannot be
 * empty", spec §5). The publish form saves a listing's fields as one ("Save as template"); here
 * they are renamed, deleted, and applied to many finished products at once.
 */
export function TemplatePage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  // Applying makes listings: the publish list's "add" button (publishListing:add) grants it.
  const canApply = menuButtons(useAdminSession().menus, 'publish/listing').includes(
    PERMISSIONS.publishListing.add,
  );
  const [applying, setApplying] = useState<string | null>(null);
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
    <>
      <CrudPage<Template>
        testId="publish-template-page"
        resource={publishingOperations.template}
        form={form}
        rowActions={(row) =>
          canApply ? (
            <Button size="small" onClick={() => setApplying(row.id)} data-testid="template-apply">
              {t('publishing.applyTemplate')}
            </Button>
          ) : null
        }
        columns={[
          { key: 'name', title: fieldLabel('name'), isOrderable: true },
          { key: 'platform', title: t('publishing.platform') },
          { key: 'created_at', title: t('access.createdAt'), isOrderable: true },
        ]}
      />
      {applying ? <ApplyTemplateModal open templateId={applying} onClose={() => setApplying(null)} /> : null}
    </>
  );
}
