import { Button, Form, Image, Input, Popconfirm, Select, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_TOPICS, type Attachment, uploadOperations, PERMISSIONS } from '@pod/shared';
import { DateTime } from '../access/shared-fields.tsx';
import { CrudPage } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { formatBytes } from '../uploads/file-checks.ts';
import { TOOL_RESOURCES, useToolAction } from './api.ts';
import { useFieldLabel } from '../../forms/use-zod-field.ts';

/**
 * Attachments (admin console, issue 4): every file uploaded in the caller's tenant (a merchant's
 * own), searchable by name and filtered by topic and type. Deleting one the server still sees in
 * use (a material, a receipt) is refused with its message.
 */
export function AttachmentPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const buttons = usePageButtons();
  const remove = useToolAction(TOOL_RESOURCES.attachment, uploadOperations.attachmentDelete);

  return (
    <CrudPage<Attachment>
      testId="attachment-page"
      resource={TOOL_RESOURCES.attachment}
      isDeletable={false}
      filters={
        <>
          <Form.Item name="topic" label={t('uploads.attachments.topic')}>
            <Select
              allowClear
              placeholder={t('crud.all')}
              options={UPLOAD_TOPICS.map((topic) => ({ value: topic, label: t(`uploads.topic.${topic}`) }))}
              style={{ width: 140 }}
              data-testid="attachment-topic"
            />
          </Form.Item>
          <Form.Item name="mime_type" label={t('uploads.attachments.mimeType')}>
            <Input allowClear placeholder="image/png" style={{ width: 160 }} />
          </Form.Item>
        </>
      }
      rowActions={(row) =>
        buttons.has(PERMISSIONS.attachment.del) ? (
          <Popconfirm
            title={t('uploads.attachments.deleteConfirm')}
            okText={t('crud.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('app.cancel')}
            onConfirm={() => remove.mutate(row.id)}
          >
            <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="attachment-delete">
              {t('crud.delete')}
            </Button>
          </Popconfirm>
        ) : null
      }
      columns={[
        {
          key: 'thumb_url',
          title: t('uploads.attachments.preview'),
          width: 80,
          render: (row) =>
            row.mime_type.startsWith('image/') ? (
              <Image
                src={row.thumb_url ?? row.url}
                preview={{ src: row.url }}
                width={48}
                height={48}
                style={{ objectFit: 'contain' }}
                alt={row.name}
              />
            ) : (
              <a href={row.url} target="_blank" rel="noreferrer">
                {row.suffix.toUpperCase()}
              </a>
            ),
        },
        { key: 'name', title: fieldLabel('name') },
        {
          key: 'topic',
          title: t('uploads.attachments.topic'),
          render: (row) => (
            <Tag>
              {(UPLOAD_TOPICS as readonly string[]).includes(row.topic)
                ? t(`uploads.topic.${row.topic as (typeof UPLOAD_TOPICS)[number]}`)
                : row.topic}
            </Tag>
          ),
        },
        { key: 'mime_type', title: t('uploads.attachments.mimeType') },
        { key: 'size', title: t('uploads.attachments.size'), render: (row) => formatBytes(row.size) },
        {
          key: 'width',
          title: t('uploads.attachments.dimensions'),
          render: (row) => (row.width && row.height ? `${row.width} × ${row.height}` : '—'),
        },
        { key: 'dpi', title: t('uploads.attachments.dpi'), isHiddenByDefault: true },
        {
          key: 'uploader_kind',
          title: t('uploads.attachments.uploader'),
          render: (row) => t(`uploads.attachments.uploaderKind.${row.uploader_kind}`),
        },
        {
          key: 'created_at',
          title: t('uploads.attachments.uploadedAt'),
          render: (row) => <DateTime value={row.created_at} />,
        },
      ]}
    />
  );
}
