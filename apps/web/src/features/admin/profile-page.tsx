import { Alert, App, Avatar, Button, Card, Flex, Form, Input, Popconfirm, Spin, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  adminChangePasswordBodySchema,
  adminProfileBodySchema,
  type accessOperations,
  type OpBody,
  maxLengthOf,
  LIMITS,
} from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { clearAreaTokens } from '../../api/tokens.ts';
import { PATHS } from '../../app/paths.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useConfirmationRule, useZodField, useFieldLabel } from '../../forms/use-zod-field.ts';
import { adminLogoutEverywhere, identityKeys } from '../identity/api.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { resetTabs } from '../layout/tabs-store.ts';
import { UploadField } from '../uploads/upload-field.tsx';
import { useAdminProfile, useChangeAdminPassword, useSetAdminAvatar, useUpdateAdminProfile } from './api.ts';

const PROFILE_FIELDS = ['nickname', 'email', 'mobile'] as const;
const PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

/** /admin/profile: the personal centre (profile and password). */
export function AdminProfilePage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const field = useZodField();
  const confirmation = useConfirmationRule();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useAdminProfile();
  const save = useUpdateAdminProfile();
  const setAvatar = useSetAdminAvatar();
  const changePassword = useChangeAdminPassword();
  const [profileForm] = Form.useForm<OpBody<typeof accessOperations.updateAdminProfile>>();
  const [passwordForm] = Form.useForm<OpBody<typeof accessOperations.changeAdminPassword>>();
  const onProfileFailure = useFormFailure(profileForm, PROFILE_FIELDS);
  const onPasswordFailure = useFormFailure(passwordForm, PASSWORD_FIELDS);
  const profileShape = adminProfileBodySchema.shape;
  const passwordShape = adminChangePasswordBodySchema.shape;

  /** Back to the login page with nothing of the session left (after the server ended it). */
  const leave = () => {
    clearAreaTokens('admin');
    resetTabs();
    void navigate(PATHS.login, { replace: true });
    setTimeout(() => queryClient.removeQueries({ queryKey: identityKeys.admin() }), 0);
  };

  if (profile.isPending) return <Spin />;
  if (profile.isError) return <Alert type="error" showIcon title={profile.error.msg} />;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }} data-testid="admin-profile">
      <Card title={t('route.adminProfile')}>
        <Form
          form={profileForm}
          layout="vertical"
          initialValues={profile.data}
          onFinish={(values) =>
            save.mutate(values, { onError: (error: ApiError) => onProfileFailure(error) })
          }
        >
          <Form.Item label={fieldLabel('avatar')}>
            <Flex align="center" gap={16} data-testid="profile-avatar">
              <Avatar size={64} src={profile.data.avatar || undefined} icon={<UserOutlined />} />
              <UploadField
                topic="image"
                testId="profile-avatar-upload"
                value={null}
                onUploaded={(attachment) => setAvatar.mutate(attachment.id)}
              />
              {profile.data.avatar ? (
                <Button onClick={() => setAvatar.mutate(null)} loading={setAvatar.isPending}>
                  {t('admin.removeAvatar')}
                </Button>
              ) : null}
            </Flex>
          </Form.Item>
          <Form.Item label={fieldLabel('username')}>
            <Input value={profile.data.username} disabled />
          </Form.Item>
          <Form.Item label={t('admin.previousLogin')}>
            <Typography.Text data-testid="profile-last-login">
              {profile.data.last_login_time ? (
                <>
                  <DateTime value={profile.data.last_login_time} /> {profile.data.last_login_ip ?? ''}
                </>
              ) : (
                t('admin.firstLogin')
              )}
            </Typography.Text>
          </Form.Item>
          <Form.Item {...field('nickname', profileShape.nickname)}>
            <Input maxLength={maxLengthOf(profileShape.nickname)} />
          </Form.Item>
          <Form.Item {...field('email', profileShape.email)}>
            <Input maxLength={maxLengthOf(profileShape.email)} />
          </Form.Item>
          <Form.Item {...field('mobile', profileShape.mobile)}>
            <Input maxLength={LIMITS.text.mobile} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('app.save')}
          </Button>
        </Form>
      </Card>
      <Card title={t('member.changePassword')}>
        <Form
          form={passwordForm}
          layout="vertical"
          onFinish={(values) =>
            changePassword.mutate(values, {
              onError: (error: ApiError) => onPasswordFailure(error),
              onSuccess: () => {
                // The server ended every session: sign in again with the new password.
                void message.success(t('member.signInAgain'));
                leave();
              },
            })
          }
        >
          <Form.Item {...field('oldPassword', passwordShape.oldPassword)}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item {...field('newPassword', passwordShape.newPassword)} extra={t('auth.adminPasswordRule')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            {...field('confirmPassword', passwordShape.confirmPassword, [confirmation('newPassword')])}
            dependencies={['newPassword']}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
            {t('member.changePassword')}
          </Button>
        </Form>
      </Card>
      <Card title={t('auth.signOutEverywhere')}>
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text type="secondary">{t('auth.signOutEverywhereHint')}</Typography.Text>
          <Popconfirm
            title={t('auth.signOutEverywhereConfirm')}
            okText={t('auth.signOutEverywhere')}
            okButtonProps={{ danger: true }}
            cancelText={t('app.cancel')}
            onConfirm={() => void adminLogoutEverywhere().then(leave, () => undefined)}
          >
            <Button danger icon={<LogoutOutlined />} data-testid="sign-out-everywhere">
              {t('auth.signOutEverywhere')}
            </Button>
          </Popconfirm>
        </Flex>
      </Card>
    </Flex>
  );
}
