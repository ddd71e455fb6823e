import { useState } from 'react';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PUBLISH_BATCH_MAX } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { useApplyTemplate, useListingChoices, useTemplates } from './api.ts';

interface Values {
  template_id: string;
  shop_id: string;
  finished_ids: string[];
}

/**
 * Applies a listing template to many finished products at once (issue 23): each gets a draft
 * listing in the shop with the template's fields and its own mockups; a listing it already has is
 * updated where the status table allows an edit (its titles and SKC number stay its own).
 */
export function ApplyTemplateModal({
  open,
  templateId,
  onClose,
}: {
  open: boolean;
  templateId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const templates = useTemplates();
  const choices = useListingChoices();
  const apply = useApplyTemplate();
  const [error, setError] = useState<string | null>(null);
  const chosen = Form.useWatch('template_id', form) ?? templateId;
  const platform = templates.data?.find((tpl) => tpl.id === chosen)?.platform;

  const submit = async () => {
    const v = await form.validateFields();
    setError(null);
    try {
      const reply = await apply.mutateAsync({
        id: v.template_id,
        shop_id: v.shop_id,
        finished_ids: v.finished_ids,
      });
      void message.success(
        t('publishing.templateApplied', { created: reply.created, updated: reply.updated }),
      );
      form.resetFields();
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.msg : t('request.unknownError'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('publishing.applyTemplate')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={apply.isPending}
      okButtonProps={{ 'data-testid': 'apply-template-ok' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ template_id: templateId, finished_ids: [] }}
        data-testid="apply-template-form"
      >
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
        <Form.Item
          name="template_id"
          label={t('publishing.template')}
          rules={[{ required: true, message: t('validation.select', { field: t('publishing.template') }) }]}
        >
          <Select
            data-testid="apply-template-template"
            options={(templates.data ?? []).map((tpl) => ({
              value: tpl.id,
              label: `${tpl.name} (${tpl.platform})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="shop_id"
          label={t('publishing.shop')}
          rules={[{ required: true, message: t('validation.select', { field: t('publishing.shop') }) }]}
        >
          <Select
            data-testid="apply-template-shop"
            options={(choices.data?.shops ?? [])
              .filter((s) => !platform || s.platform === platform)
              .map((s) => ({ value: s.id, label: `${s.name} (${s.platform})` }))}
          />
        </Form.Item>
        <Form.Item
          name="finished_ids"
          label={t('publishing.finishedProducts')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              message: t('publishing.selectRecords'),
            },
          ]}
          extra={t('publishing.applyTemplateHint', { max: PUBLISH_BATCH_MAX })}
        >
          <Select
            mode="multiple"
            maxCount={PUBLISH_BATCH_MAX}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="apply-template-finished"
            options={(choices.data?.finished ?? []).map((f) => ({
              value: f.id,
              label: `${f.code} ${f.name}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
