import { useState } from 'react';
import { Avatar, Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Radio, Space } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { memberProfileBodySchema, maxLengthOf } from '@pod/shared';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { UploadField } from '../uploads/upload-field.tsx';
import { PATHS } from '../../app/paths.ts';
import { memberLogoutEverywhere, useSaveProfile, useSetMemberAvatar } from './api.ts';
import { ChangeBindDialog } from './change-bind.tsx';
import { useMember } from './member-session-context.ts';

interface ProfileValues {
  nickname: string;
  gender: 0 | 1 | 2;
  birthday: string;
  motto: string;
}

const FIELDS = ['nickname', 'gender', 'birthday', 'motto'] as const;
const shape = memberProfileBodySchema.shape;

/** /user/account/profile: the member's own details (POST /api/account/profile). */
export function ProfilePage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const member = useMember();
  const [form] = Form.useForm<ProfileValues>();
  const field = useZodField();
  const onFailure = useFormFailure(form, FIELDS);
  const save = useSaveProfile();
  const setAvatar = useSetMemberAvatar();
  const [changing, setChanging] = useState<'mobile' | 'email' | null>(null);

  const onFinish = (values: ProfileValues) => {
    save.mutate(
      {
        nickname: values.nickname,
        gender: values.gender,
        // A cleared date input sends "", which the contract spells null.
        birthday: values.birthday || null,
        motto: values.motto ?? '',
      },
      { onError: onFailure },
    );
  };

  return (
    <Card title={t('route.userProfile')} style={{ maxWidth: 720 }}>
      <Descriptions
        column={1}
        style={{ marginBottom: 24 }}
        items={[
          {
            key: 'avatar',
            label: fieldLabel('avatar'),
            children: (
              // Issue 27: the member uploads an avatar (POST /api/ajax/upload, PUT /api/account/avatar).
              <Flex align="center" gap={16} wrap data-testid="member-avatar">
                <Avatar size={64} src={member.avatar || undefined} icon={<UserOutlined />} />
                <UploadField
                  topic="image"
                  area="member"
                  testId="member-avatar-upload"
                  value={null}
                  onUploaded={(attachment) => setAvatar.mutate(attachment.id)}
                />
                {member.avatar ? (
                  <Button onClick={() => setAvatar.mutate(null)} loading={setAvatar.isPending}>
                    {t('admin.removeAvatar')}
                  </Button>
                ) : null}
              </Flex>
            ),
          },
          { key: 'username', label: fieldLabel('username'), children: member.username },
          {
            key: 'mobile',
            label: fieldLabel('mobile'),
            children: (
              <Space wrap>
                <span data-testid="member-mobile">{member.mobile || '—'}</span>
                <Button size="small" data-testid="change-mobile" onClick={() => setChanging('mobile')}>
                  {t(member.mobile ? 'member.bind.changeMobile' : 'member.bind.addMobile')}
                </Button>
              </Space>
            ),
          },
          {
            key: 'email',
            label: fieldLabel('email'),
            children: (
              <Space wrap>
                <span data-testid="member-email">{member.email || '—'}</span>
                <Button size="small" data-testid="change-email" onClick={() => setChanging('email')}>
                  {t(member.email ? 'member.bind.changeEmail' : 'member.bind.addEmail')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        initialValues={{
          nickname: member.nickname,
          gender: member.gender,
          birthday: member.birthday ?? '',
          motto: member.motto,
        }}
        onFinish={onFinish}
      >
        <Form.Item {...field('nickname', shape.nickname)}>
          <Input maxLength={maxLengthOf(shape.nickname)} />
        </Form.Item>
        <Form.Item name="gender" label={fieldLabel('gender')}>
          <Radio.Group
            options={[
              { value: 0, label: t('member.gender.unknown') },
              { value: 1, label: t('member.gender.male') },
              { value: 2, label: t('member.gender.female') },
            ]}
          />
        </Form.Item>
        <Form.Item {...field('birthday', shape.birthday)}>
          <Input type="date" style={{ maxWidth: 220 }} />
        </Form.Item>
        <Form.Item {...field('motto', shape.motto)}>
          <Input.TextArea rows={3} maxLength={maxLengthOf(shape.motto)} showCount />
        </Form.Item>
        <Flex justify="space-between" wrap gap={12}>
          <Button data-testid="profile-save" type="primary" htmlType="submit" loading={save.isPending}>
            {t('app.save')}
          </Button>
          <Popconfirm
            title={t('auth.signOutEverywhereConfirm')}
            okText={t('auth.signOutEverywhere')}
            okButtonProps={{ danger: true }}
            cancelText={t('app.cancel')}
            onConfirm={() => void memberLogoutEverywhere(PATHS.userLogin)}
          >
            <Button danger icon={<LogoutOutlined />} data-testid="member-sign-out-everywhere">
              {t('auth.signOutEverywhere')}
            </Button>
          </Popconfirm>
        </Flex>
      </Form>
      {changing ? <ChangeBindDialog type={changing} onClose={() => setChanging(null)} /> : null}
    </Card>
  );
}
