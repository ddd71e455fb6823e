import { useCallback, useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminLoginBodySchema } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { afterLoginHref, REDIRECT_PARAM } from '../../app/route-target.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useZodField } from '../../forms/use-zod-field.ts';
import { useSite } from '../site/site-context.ts';
import { useAdminLogin } from './api.ts';
import { AuthFrame, type DeviceVariant } from './auth-frame.tsx';
import { ClickCaptchaModal, type CaptchaPass } from './click-captcha.tsx';

interface LoginValues {
  username: string;
  password: string;
  keep: boolean;
}

const FIELDS = ['username', 'password'] as const;
const shape = adminLoginBodySchema.shape;

/**
 * The admin sign-in (spec §2 /login and /loginWap) for platform, supplier, factory and merchant
 * users: account, password, keep me signed in, then the click captcha (spec §5 "Login: account,
 * password and verification code required"). Afterwards it opens the kept target, else the dashboard.
 */
function AdminLoginForm({ variant }: { variant: DeviceVariant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const field = useZodField();
  const onFailure = useFormFailure(form, FIELDS);
  const login = useAdminLogin();
  const [pending, setPending] = useState<LoginValues | null>(null);
  const redirect = searchParams.get(REDIRECT_PARAM);
  const isMobile = variant === 'mobile';
  // The site info says whether this site asks for the captcha (CAPTCHA setting, verify_mode).
  const hasCaptcha = useSite().captcha;

  const send = useCallback(
    (values: LoginValues, pass: CaptchaPass | null) =>
      login.mutate(
        { ...values, ...pass },
        {
          onSuccess: () => void navigate(afterLoginHref('admin', redirect), { replace: true }),
          onError: onFailure,
        },
      ),
    [login, navigate, redirect, onFailure],
  );
  const onPass = useCallback(
    (pass: CaptchaPass) => {
      if (!pending) return;
      setPending(null);
      send(pending, pass);
    },
    [pending, send],
  );

  return (
    <>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        size={isMobile ? 'large' : 'middle'}
        initialValues={{ keep: false }}
        onFinish={(values) => (hasCaptcha ? setPending(values) : send(values, null))}
        requiredMark={false}
      >
        <Form.Item {...field('username', shape.username)}>
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('auth.usernameHint')} />
        </Form.Item>
        <Form.Item {...field('password', shape.password)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="baseline">
          <Form.Item name="keep" valuePropName="checked">
            <Checkbox>{t('auth.keep')}</Checkbox>
          </Form.Item>
          <Link to={PATHS.forgotPassword} data-testid="forgot-password">
            {t('auth.forgotPassword')}
          </Link>
        </Flex>
        <Form.Item>
          <Button data-testid="login-submit" type="primary" htmlType="submit" block loading={login.isPending}>
            {t('auth.login')}
          </Button>
        </Form.Item>
      </Form>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text>
          {t('auth.noAccount')}{' '}
          <Link to={{ pathname: isMobile ? PATHS.registerWap : PATHS.register }}>{t('auth.goRegister')}</Link>
        </Typography.Text>
        <Link to={PATHS.userLogin}>{t('auth.memberLogin')}</Link>
      </Flex>
      {hasCaptcha ? (
        <ClickCaptchaModal open={pending !== null} onPass={onPass} onCancel={() => setPending(null)} />
      ) : null}
    </>
  );
}

/** /login and /loginWap. */
export function AdminLoginPage({ variant }: { variant: DeviceVariant }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <AuthFrame variant={variant} title={t('auth.loginTitle')} subtitle={site.name} testId="login-page">
      <AdminLoginForm variant={variant} />
    </AuthFrame>
  );
}
