import { useState } from 'react';
import { App, Alert, Checkbox, Input, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  maxLengthOf,
  slotNameSchema,
  type FinishedProduct,
  type FinishedSlotsReply,
  type PersonalisationSlot,
} from '@pod/shared';
import { saveFinishedSlots, useFinishedSlots } from '../api.ts';

type Candidate = FinishedSlotsReply['candidates'][number];
const keyOf = (c: { surface: string; layer_id: string }) => `${c.surface}/${c.layer_id}`;

/**
 * Marking a finished product personalisable (issue 20, decision 0053): chosen text and image
 * layers become named slots that a marketplace buyer's customisation fills.
 */
export function SlotsDialog({ finished, onClose }: { finished: FinishedProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const slots = useFinishedSlots(finished.id);
  // The merchant's edits; until the first one, the saved slots.
  const [edited, setChosen] = useState<Record<string, string> | null>(null);
  const [saving, setSaving] = useState(false);
  const chosen: Record<string, string> =
    edited ?? Object.fromEntries((slots.data?.slots ?? []).map((s) => [keyOf(s), s.name]));

  const save = async () => {
    const candidates = slots.data?.candidates ?? [];
    const body: PersonalisationSlot[] = candidates
      .filter((c) => chosen[keyOf(c)] !== undefined)
      .map((c) => ({ name: chosen[keyOf(c)]!, surface: c.surface, layer_id: c.layer_id, kind: c.kind }));
    setSaving(true);
    try {
      await saveFinishedSlots(finished.id, body);
      void message.success(t('designs.slots.saved'));
      onClose();
    } catch {
      // call() showed the server's message (duplicate name, missing layer…).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t('designs.slots.title', { name: finished.name })}
      okText={t('designs.slots.save')}
      onOk={() => void save()}
      okButtonProps={{ loading: saving, 'data-testid': 'slots-save' }}
      onCancel={onClose}
      data-testid="slots-dialog"
    >
      <Alert type="info" showIcon message={t('designs.slots.help')} style={{ marginBottom: 12 }} />
      <Table<Candidate>
        size="small"
        rowKey={keyOf}
        loading={slots.isLoading}
        pagination={false}
        dataSource={slots.data?.candidates ?? []}
        locale={{ emptyText: t('designs.slots.empty') }}
        columns={[
          {
            title: t('designs.slots.use'),
            key: 'use',
            width: 70,
            render: (_: unknown, c) => (
              <Checkbox
                data-testid={`slot-use-${c.layer_id}`}
                checked={chosen[keyOf(c)] !== undefined}
                onChange={(e) =>
                  setChosen(() => {
                    const next = { ...chosen };
                    if (e.target.checked) next[keyOf(c)] = c.kind === 'text' ? 'name' : 'photo';
                    else delete next[keyOf(c)];
                    return next;
                  })
                }
              />
            ),
          },
          {
            title: t('designs.slots.layer'),
            key: 'layer',
            render: (_: unknown, c) => (
              <span>
                <Tag>{t(`designs.slots.kind.${c.kind}`)}</Tag>
                {c.layer_name}
                <Typography.Text type="secondary"> · {c.surface}</Typography.Text>
                {c.sample && (
                  <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 260 }}>
                    {c.sample}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: t('designs.slots.name'),
            key: 'name',
            width: 220,
            render: (_: unknown, c) => (
              <Input
                size="small"
                data-testid={`slot-name-${c.layer_id}`}
                disabled={chosen[keyOf(c)] === undefined}
                value={chosen[keyOf(c)] ?? ''}
                maxLength={maxLengthOf(slotNameSchema)}
                placeholder={t('designs.slots.namePlaceholder')}
                onChange={(e) => setChosen({ ...chosen, [keyOf(c)]: e.target.value })}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
