import { App, Button, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { adminRetrievePasswordBodySchema, LIMITS } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { isThisDeviceMobile } from '../../app/device.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useConfirmationRule, useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { sendAdminRetrieveCode, useAdminRetrievePassword } from './api.ts';
import { AuthFrame } from './auth-frame.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

interface Values {
  username: string;
  type: 'mobile' | 'email';
  code: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['username', 'type', 'code', 'password', 'confirmPassword'] as const;
const shape = adminRetrievePasswordBodySchema.shape;

/**
 * /forgotPassword (issue 27): the admin login's "forgot password". A code goes to the account's
 * bound mobile (SMS) or e-mail through the outbox; with it the account gets a new password, and
 * every sign-in of it ends. Desktop and phone alike (a card on a desktop, full width on a phone).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const field = useZodField();
  const confirmation = useConfirmationRule();
  const onFailure = useFormFailure(form, FIELDS);
  const retrieve = useAdminRetrievePassword();
  const variant = isThisDeviceMobile() ? 'mobile' : 'desktop';
  const type = Form.useWatch('type', form) ?? 'mobile';

  const onFinish = (values: Values) =>
    retrieve.mutate(values, {
      onSuccess: () => {
        void message.success(t('auth.signInWithNewPassword'));
        void navigate(variant === 'mobile' ? PATHS.loginWap : PATHS.login, { replace: true });
      },
      onError: onFailure,
    });

  return (
    <AuthFrame variant={variant} title={t('auth.forgotPassword')} testId="forgot-password-page">
      <Typography.Paragraph type="secondary">{t('auth.forgotPasswordHint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        size={variant === 'mobile' ? 'large' : 'middle'}
        initialValues={{ type: 'mobile' }}
        onFinish={onFinish}
      >
        <Form.Item {...field('username', shape.username)}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="type" label={t('auth.codeBy')}>
          <Radio.Group
            options={[
              { value: 'mobile', label: t('auth.bySms') },
              { value: 'email', label: t('auth.byEmail') },
            ]}
          />
        </Form.Item>
        <Form.Item label={fieldLabel('code')} required>
          <Flex gap={8}>
            <Form.Item {...field('code', shape.code)} label={undefined} noStyle>
              <Input
                inputMode="numeric"
                maxLength={LIMITS.text.verificationCode}
                autoComplete="one-time-code"
              />
            </Form.Item>
            <SmsCodeButton
              form={form}
              mobileField="username"
              send={(username) => sendAdminRetrieveCode(username, type)}
            />
          </Flex>
        </Form.Item>
        <Form.Item {...field('password', shape.password)} extra={t('auth.adminPasswordRule')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          {...field('confirmPassword', shape.confirmPassword, [confirmation('password')])}
          dependencies={['password']}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button
          data-testid="forgot-password-submit"
          type="primary"
          htmlType="submit"
          block
          loading={retrieve.isPending}
        >
          {t('auth.resetPassword')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to={variant === 'mobile' ? PATHS.loginWap : PATHS.login}>{t('auth.backToLogin')}</Link>
      </Flex>
    </AuthFrame>
  );
}
