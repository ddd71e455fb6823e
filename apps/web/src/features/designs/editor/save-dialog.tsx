import { useRef, useState } from 'react';
import { App, Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { designForColours, saveBlockers, validateDesign, type DesignDocument } from '@pod/design';
import type { FinishedProductDetail } from '@pod/shared';
import { DESIGN_API_LIMITS } from '@pod/shared';
import { ApiError } from '../../../api/api-error.ts';
import { designKeys, saveFinished, updateFinished, useFinishedGroups, type SaveReply } from '../api.ts';
import { checkedDocument } from './model.ts';
import type { DesignEditor } from './use-design-editor.ts';
import { catalogName } from '../../../i18n/catalog-name.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

interface SaveForm {
  name: string;
  color_ids: string[];
  group_id: string | null;
}

/**
 * Saving a finished product (issue 8): a name, the colours (a colour not designed yet gets the
 * shown colour's design), a group. Errors (a layer outside the print area) stop the save; an image
 * below its surface's minimum DPI (amber or red, the same rule as the badge) needs the merchant's
 * explicit confirmation, sent as `confirmed_blurry`.
 */
export function SaveDialog({
  editor,
  finished,
  designedColours,
  onClose,
  onSaving,
  onSaved,
}: {
  editor: DesignEditor;
  finished: FinishedProductDetail | null;
  designedColours: string[];
  onClose: () => void;
  onSaving: (isSaving: boolean) => void;
  onSaved: (reply: SaveReply) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const groups = useFinishedGroups();
  const [form] = Form.useForm<SaveForm>();
  const [busy, setBusy] = useState(false);
  /**
   * One save at a time (issue 26): a second OK or Enter while the first is being checked, confirmed
   * or sent did save twice and showed "saved" twice. Set synchronously, before any await.
   */
  const inFlight = useRef(false);
  const { product } = editor;
  const initialColours = designedColours.length ? designedColours : [editor.colorId];

  const documentsFor = (colorIds: string[]): DesignDocument[] =>
    colorIds.map((id) => {
      const own = editor.docs[id];
      if (own && Object.values(own.surfaces).some((s) => s.layers.length > 0)) return checkedDocument(own);
      return designForColours(editor.doc, [id])[0]!;
    });

  const submit = async (values: SaveForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submitOnce(values);
    } finally {
      inFlight.current = false;
    }
  };

  const submitOnce = async (values: SaveForm) => {
    let documents: DesignDocument[];
    try {
      documents = documentsFor(values.color_ids);
    } catch {
      void message.error(t('designs.save.invalid'));
      return;
    }
    if (documents.every((d) => Object.values(d.surfaces).every((s) => s.layers.length === 0))) {
      void message.error(t('designs.errors.noMaterial'));
      return;
    }
    const findings = documents.flatMap((d) => validateDesign(d, editor.specs));
    const errors = saveBlockers(findings, { confirmedBlurry: true });
    if (errors.length > 0) {
      void message.error(t('designs.save.blocked', { count: errors.length }));
      return;
    }
    const red = findings.filter((f) => f.severity === 'confirm');
    let confirmed = false;
    if (red.length > 0) {
      confirmed = await modal.confirm({
        title: t('designs.save.blurryTitle'),
        content: t('designs.save.blurryText', {
          count: red.length,
          min: [...new Set(red.flatMap((f) => (f.code === 'dpi' ? [f.min_dpi] : [])))].join('/'),
        }),
        okText: t('designs.save.blurryOk'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-blurry' },
      });
      if (!confirmed) return;
    }
    setBusy(true);
    onSaving(true);
    try {
      const body = {
        name: values.name,
        documents,
        group_id: values.group_id ?? null,
        confirmed_blurry: confirmed,
      };
      const reply = finished
        ? await updateFinished(finished.id, body)
        : await saveFinished({ ...body, product_id: product.id });
      await queryClient.invalidateQueries({ queryKey: designKeys.all });
      onSaved(reply);
    } catch (error) {
      if (!(error instanceof ApiError)) void message.error(t('designs.save.failed'));
    } finally {
      setBusy(false);
      onSaving(false);
    }
  };

  return (
    <Modal
      open
      title={finished ? t('designs.save.updateTitle') : t('designs.save.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'save-submit' }}
      destroyOnHidden
    >
      <Form<SaveForm>
        form={form}
        layout="vertical"
        data-testid="save-form"
        initialValues={{
          name: finished?.name ?? product.name,
          color_ids: finished ? finished.colors.map((c) => c.id) : initialColours,
          group_id: finished?.group_id ?? null,
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('designs.save.name')}
          rules={[{ required: true, max: DESIGN_API_LIMITS.nameLength, whitespace: true }]}
        >
          <Input data-testid="save-name" />
        </Form.Item>
        <Form.Item
          name="color_ids"
          label={t('designs.save.colours')}
          rules={[{ required: true, type: 'array', min: 1 }]}
        >
          <Checkbox.Group
            options={product.colors.map((c) => ({ value: c.id, label: catalogName(c, currentLanguage()) }))}
          />
        </Form.Item>
        <Form.Item name="group_id" label={t('designs.save.group')}>
          <Select
            allowClear
            options={(groups.data ?? [])
              .map((g) => ({
                label: g.name,
                value: g.id,
                options: undefined,
              }))
              .concat(
                (groups.data ?? []).flatMap((g) =>
                  g.children.map((c) => ({
                    label: `${g.name} / ${c.name}`,
                    value: c.id,
                    options: undefined,
                  })),
                ),
              )}
          />
        </Form.Item>
        <Typography.Text type="secondary">{t('designs.save.coloursHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}
