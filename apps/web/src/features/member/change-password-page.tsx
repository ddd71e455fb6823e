import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema } from '@pod/shared';
import { clearAreaTokens } from '../../api/tokens.ts';
import { PATHS } from '../../app/paths.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useConfirmationRule, useZodField } from '../../forms/use-zod-field.ts';
import { useChangePassword } from './api.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
const shape = changePasswordBodySchema.shape;

/**
 * /user/account/changePassword. A password change revokes the member's refresh tokens (issue 3),
 * so the member signs in again with the new password.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const field = useZodField();
  const confirmation = useConfirmationRule();
  const onFailure = useFormFailure(form, FIELDS);
  const change = useChangePassword();

  const onFinish = (values: PasswordValues) => {
    change.mutate(values, {
      onSuccess: () => {
        clearAreaTokens('member');
        modal.success({
          title: t('member.passwordChanged'),
          content: t('member.signInAgain'),
          okText: t('auth.goLogin'),
          // A full load, as a logout does (spec §4), so nothing of the old session stays in memory.
          onOk: () => window.location.assign(PATHS.userLogin),
        });
      },
      onError: onFailure,
    });
  };

  return (
    <Card title={t('route.userChangePassword')} style={{ maxWidth: 560 }}>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item {...field('oldPassword', shape.oldPassword)}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item {...field('newPassword', shape.newPassword)} extra={t('auth.memberPasswordRule')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          {...field('confirmPassword', shape.confirmPassword, [confirmation('newPassword')])}
          dependencies={['newPassword']}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button
          data-testid="change-password-submit"
          type="primary"
          htmlType="submit"
          loading={change.isPending}
        >
          {t('member.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
