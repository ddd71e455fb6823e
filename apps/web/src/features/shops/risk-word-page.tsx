import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  SHOP_LIMITS,
  riskWordCreateSchema,
  shopOperations,
  splitRiskWords,
  type RiskWord,
} from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { useAddRiskWords } from './api.ts';

const FIELDS = ['word', 'level'] as const;

/**
 * spec §5: several risk words at once, one per line, each at most 500 characters; the count of new
 * words is shown as it is typed, and duplicates are skipped by the server.
 */
function BatchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ words: string; level: string }>();
  const add = useAddRiskWords();
  const words = Form.useWatch('words', form) ?? '';
  const lines = splitRiskWords(words);
  const tooLong = lines.filter((w) => w.length > SHOP_LIMITS.riskWordChars).length;

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const result = await add.mutateAsync({ words: values.words, level: values.level ?? '' });
      void message.success(t('shops.riskWordsAdded', result));
      form.resetFields();
      onClose();
    } catch (error) {
      form.setFields([
        { name: 'words', errors: [error instanceof ApiError ? error.msg : t('request.unknownError')] },
      ]);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shops.batchAdd')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'risk-batch-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="risk-batch-form"
        initialValues={{ words: '', level: '' }}
      >
        <Form.Item
          name="words"
          label={fieldLabel('words')}
          extra={t('shops.batchHint', { count: lines.length, max: SHOP_LIMITS.riskWordChars })}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('validation.required', { field: t('fields.words') }),
            },
            {
              validator: () =>
                tooLong
                  ? Promise.reject(new Error(t('shops.riskWordTooLong', { max: SHOP_LIMITS.riskWordChars })))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea rows={8} placeholder={t('shops.batchPlaceholder')} />
        </Form.Item>
        <Form.Item name="level" label={t('shops.riskLevel')}>
          <Input maxLength={SHOP_LIMITS.riskWordChars} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A merchant's risk words (spec §3, §5): publishing checks listing titles against them. */
export function RiskWordPage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const canAdd = usePageButtons().has(PERMISSIONS.riskWord.add);
  const [isBatchOpen, setBatchOpen] = useState(false);
  const shape = riskWordCreateSchema.shape;

  const form: CrudFormConfig<RiskWord> = {
    fieldNames: FIELDS,
    initialValues: { word: '', level: '' },
    render: () => (
      <>
        <Form.Item {...field('word', shape.word)}>
          <Input.TextArea autoSize maxLength={SHOP_LIMITS.riskWordChars} showCount />
        </Form.Item>
        <Form.Item {...field('level', shape.level)} label={t('shops.riskLevel')}>
          <Input maxLength={SHOP_LIMITS.riskWordChars} />
        </Form.Item>
      </>
    ),
  };

  return (
    <>
      <Alert type="info" showIcon title={t('shops.riskWordsNotice')} style={{ marginBottom: 16 }} />
      {canAdd ? (
        <Button
          icon={<PlusSquareOutlined />}
          onClick={() => setBatchOpen(true)}
          style={{ marginBottom: 12 }}
          data-testid="risk-batch-open"
        >
          {t('shops.batchAdd')}
        </Button>
      ) : null}
      <CrudPage<RiskWord>
        testId="risk-word-page"
        resource={shopOperations.riskWord}
        form={form}
        filters={
          <Form.Item name="level" label={t('shops.riskLevel')}>
            <Input allowClear maxLength={SHOP_LIMITS.riskWordChars} style={{ width: 160 }} />
          </Form.Item>
        }
        columns={[
          {
            key: 'word',
            title: fieldLabel('word'),
            isOrderable: true,
            render: (row) => <Typography.Text data-testid="risk-word">{row.word}</Typography.Text>,
          },
          { key: 'level', title: t('shops.riskLevel'), isOrderable: true },
          {
            key: 'created_at',
            title: t('access.createdAt'),
            isOrderable: true,
            render: (row) => <DateTime value={row.created_at} />,
          },
        ]}
      />
      <BatchModal open={isBatchOpen} onClose={() => setBatchOpen(false)} />
    </>
  );
}
