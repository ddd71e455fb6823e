import { useCallback, useState } from 'react';
import { App, Button, Checkbox, Flex, Form, Input, Tabs } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { memberCheckInBodySchema, LIMITS } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { afterLoginHref, REDIRECT_PARAM } from '../../app/route-target.ts';
import { isThisDeviceMobile } from '../../app/device.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useConfirmationRule, useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { AgreementCheckbox } from '../identity/agreement-checkbox.tsx';
import { AuthFrame } from '../identity/auth-frame.tsx';
import { ClickCaptchaModal, type CaptchaPass } from '../identity/click-captcha.tsx';
import { SmsCodeButton } from '../identity/sms-code-button.tsx';
import { useSite } from '../site/site-context.ts';
import { sendMemberRegisterCode, useMemberCheckIn } from './api.ts';

const [loginTab, registerTab] = memberCheckInBodySchema.options;
const loginShape = loginTab.shape;
const registerShape = registerTab.shape;

interface LoginValues {
  username: string;
  password: string;
  keep: boolean;
}

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  mobile: string;
  email?: string;
  code: string;
  agree: boolean;
}

const LOGIN_FIELDS = ['username', 'password'] as const;
const REGISTER_FIELDS = ['username', 'password', 'confirmPassword', 'mobile', 'email', 'code'] as const;

/** Where a signed-in member goes: the kept target, else the overview. */
function useAfterCheckIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  return useCallback(
    () => void navigate(afterLoginHref('user', redirect), { replace: true }),
    [navigate, redirect],
  );
}

/** The login tab: account, password, keep me signed in, then the click captcha. */
function MemberLoginForm({ size }: { size: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const field = useZodField();
  const onFailure = useFormFailure(form, LOGIN_FIELDS);
  const checkIn = useMemberCheckIn();
  const afterCheckIn = useAfterCheckIn();
  const [pending, setPending] = useState<LoginValues | null>(null);
  // The site info says whether this site asks for the captcha (CAPTCHA setting, verify_mode).
  const hasCaptcha = useSite().captcha;

  const send = useCallback(
    (values: LoginValues, pass: CaptchaPass | null) =>
      checkIn.mutate({ tab: 'login', ...values, ...pass }, { onSuccess: afterCheckIn, onError: onFailure }),
    [checkIn, afterCheckIn, onFailure],
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
        name="memberLogin"
        form={form}
        layout="vertical"
        size={size}
        initialValues={{ keep: false }}
        onFinish={(values) => (hasCaptcha ? setPending(values) : send(values, null))}
        requiredMark={false}
      >
        <Form.Item {...field('username', loginShape.username)}>
          <Input prefix={<UserOutlined />} autoComplete="username" />
        </Form.Item>
        <Form.Item {...field('password', loginShape.password)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="baseline">
          <Form.Item name="keep" valuePropName="checked">
            <Checkbox>{t('auth.keep')}</Checkbox>
          </Form.Item>
          <Link to={PATHS.userRetrievePassword} data-testid="member-forgot-password">
            {t('auth.forgotPassword')}
          </Link>
        </Flex>
        <Button
          data-testid="member-login-submit"
          type="primary"
          htmlType="submit"
          block
          loading={checkIn.isPending}
        >
          {t('auth.login')}
        </Button>
      </Form>
      {hasCaptcha ? (
        <ClickCaptchaModal open={pending !== null} onPass={onPass} onCancel={() => setPending(null)} />
      ) : null}
    </>
  );
}

/** The register tab: account, password twice, phone with SMS code, optional e-mail. */
function MemberRegisterForm({ size }: { size: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterValues>();
  const field = useZodField();
  const confirmation = useConfirmationRule();
  const onFailure = useFormFailure(form, REGISTER_FIELDS);
  const checkIn = useMemberCheckIn();
  const afterCheckIn = useAfterCheckIn();

  const onFinish = ({ agree: _agree, email, ...values }: RegisterValues) => {
    checkIn.mutate(
      { tab: 'register', ...values, ...(email ? { email } : {}) },
      {
        onSuccess: () => {
          void message.success(t('auth.registered'));
          afterCheckIn();
        },
        onError: onFailure,
      },
    );
  };

  return (
    <Form<RegisterValues> name="memberRegister" form={form} layout="vertical" size={size} onFinish={onFinish}>
      <Form.Item {...field('username', registerShape.username)} extra={t('auth.usernameRule')}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item {...field('password', registerShape.password)} extra={t('auth.memberPasswordRule')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        {...field('confirmPassword', registerShape.confirmPassword, [confirmation('password')])}
        dependencies={['password']}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item {...field('mobile', registerShape.mobile)}>
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item label={fieldLabel('code')} required>
        <Flex gap={8}>
          <Form.Item {...field('code', registerShape.code)} label={undefined} noStyle>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.text.verificationCode}
            />
          </Form.Item>
          <SmsCodeButton form={form} mobileField="mobile" send={sendMemberRegisterCode} />
        </Flex>
      </Form.Item>
      <Form.Item {...field('email', registerShape.email)}>
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <AgreementCheckbox />
      <Button
        data-testid="member-register-submit"
        type="primary"
        htmlType="submit"
        block
        loading={checkIn.isPending}
      >
        {t('auth.register')}
      </Button>
    </Form>
  );
}

/** /user/login: the member centre's sign-in and registration, as tabs (spec §7 POST /api/user/checkIn). */
export function MemberLoginPage() {
  const { t } = useTranslation();
  const site = useSite();
  const [isMobile] = useState(isThisDeviceMobile);
  const size = isMobile ? 'large' : 'middle';
  return (
    <AuthFrame
      variant={isMobile ? 'mobile' : 'desktop'}
      title={t('member.loginTitle')}
      subtitle={site.name}
      testId="member-login-page"
    >
      <Tabs
        items={[
          { key: 'login', label: t('auth.login'), children: <MemberLoginForm size={size} /> },
          { key: 'register', label: t('auth.register'), children: <MemberRegisterForm size={size} /> },
        ]}
      />
      <Link to={PATHS.login}>{t('member.adminLogin')}</Link>
    </AuthFrame>
  );
}
