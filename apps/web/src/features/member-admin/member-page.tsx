import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  LIMITS,
  maxLengthOf,
  memberAdminCreateSchema,
  memberAdminOperations,
  type MemberAdmin,
} from '@pod/shared';
import { DateTime, StatusSelect, StatusTag } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { AdjustModal } from './adjust-modal.tsx';
import { useMemberOptions, useResetMemberPassword, type MemberPurse } from './api.ts';

const shape = memberAdminCreateSchema.shape;
const { min, max } = LIMITS.memberPassword;
const passwordRules = (t: TFunction) => [
  { required: true, min, max, message: t('memberAdmin.passwordRule', { min, max }) },
];

const FIELDS = ['username', 'password', 'nickname', 'mobile', 'email', 'group_id', 'status'] as const;

function ResetPasswordModal({ member, onClose }: { member: MemberAdmin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetMemberPassword();
  const submit = async () => {
    if (!member) return;
    const { password } = await form.validateFields();
    await reset.mutateAsync({ id: member.id, password });
    void message.success(t('memberAdmin.passwordSet'));
    onClose();
  };
  return (
    <Modal
      open={member !== null}
      title={t('memberAdmin.resetPassword')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="password" label={t('memberAdmin.password')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The supplier's members (spec §3 Member user): search, edit, enable, reset, money and score. */
export function MemberPage() {
  const { t } = useTranslation();
  const groups = useMemberOptions('memberGroup');
  const [adjusting, setAdjusting] = useState<{ member: MemberAdmin; purse: MemberPurse } | null>(null);
  const [resetting, setResetting] = useState<MemberAdmin | null>(null);
  const groupName = (id: string | null) => groups.data?.find((g) => g.value === id)?.label ?? '';

  const form: CrudFormConfig<MemberAdmin> = {
    fieldNames: FIELDS,
    initialValues: {
      username: '',
      password: '',
      nickname: '',
      mobile: '',
      email: '',
      group_id: null,
      status: 'enabled',
    },
    toBody: (values, mode) => {
      const { username, password, ...rest } = values as Record<string, unknown>;
      return mode === 'create' ? { username, password, ...rest } : rest;
    },
    render: ({ mode }) => (
      <>
        {mode === 'create' ? (
          <>
            <Form.Item
              name="username"
              label={t('memberAdmin.username')}
              rules={[
                { required: true, message: t('validation.required', { field: t('memberAdmin.username') }) },
              ]}
            >
              <Input maxLength={maxLengthOf(shape.username)} data-testid="member-username" />
            </Form.Item>
            <Form.Item name="password" label={t('memberAdmin.password')} rules={passwordRules(t)}>
              <Input.Password autoComplete="new-password" data-testid="member-password" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="nickname" label={t('memberAdmin.nickname')}>
          <Input maxLength={maxLengthOf(shape.nickname)} />
        </Form.Item>
        <Form.Item name="mobile" label={t('memberAdmin.mobile')}>
          <Input maxLength={LIMITS.text.mobile} />
        </Form.Item>
        <Form.Item name="email" label={t('memberAdmin.email')}>
          <Input maxLength={maxLengthOf(shape.email)} />
        </Form.Item>
        <Form.Item name="group_id" label={t('memberAdmin.group')}>
          <Select allowClear options={groups.data ?? []} />
        </Form.Item>
        <Form.Item name="status" label={t('memberAdmin.status')}>
          <StatusSelect />
        </Form.Item>
      </>
    ),
  };

  return (
    <>
      <CrudPage<MemberAdmin>
        testId="member-page"
        resource={memberAdminOperations.member}
        form={form}
        hasQuickSearch
        filters={
          <Form.Item name="status" label={t('memberAdmin.status')}>
            <StatusSelect />
          </Form.Item>
        }
        columns={[
          { key: 'username', title: t('memberAdmin.username'), isOrderable: true },
          { key: 'nickname', title: t('memberAdmin.nickname') },
          { key: 'mobile', title: t('memberAdmin.mobile') },
          {
            key: 'group_id',
            title: t('memberAdmin.group'),
            render: (row) => groupName(row.group_id),
          },
          {
            key: 'money',
            title: t('memberAdmin.money'),
            isOrderable: true,
            render: (row) => (row.money / 100).toFixed(2),
          },
          {
            key: 'score',
            title: t('memberAdmin.score'),
            isOrderable: true,
            render: (row) => <span data-testid="member-score">{row.score}</span>,
          },
          {
            key: 'status',
            title: t('memberAdmin.status'),
            render: (row) => <StatusTag status={row.status} />,
          },
          {
            key: 'join_time',
            title: t('memberAdmin.joinTime'),
            isOrderable: true,
            render: (row) => <DateTime value={row.join_time} />,
          },
        ]}
        rowActions={(row) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setAdjusting({ member: row, purse: 'money' })}>
              {t('memberAdmin.adjustMoney')}
            </Button>
            <Button
              type="link"
              size="small"
              data-testid="member-adjust-score"
              onClick={() => setAdjusting({ member: row, purse: 'score' })}
            >
              {t('memberAdmin.adjustScore')}
            </Button>
            <Button type="link" size="small" onClick={() => setResetting(row)}>
              {t('memberAdmin.resetPassword')}
            </Button>
          </Space>
        )}
      />
      <AdjustModal
        member={adjusting?.member ?? null}
        purse={adjusting?.purse ?? 'score'}
        onClose={() => setAdjusting(null)}
      />
      <ResetPasswordModal member={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
