import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { adminRegisterBodySchema, LIMITS, maxLengthOf } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useConfirmationRule, useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { useSite } from '../site/site-context.ts';
import { sendRegisterCode, useAdminRegister } from './api.ts';
import { AuthFrame, type DeviceVariant } from './auth-frame.tsx';
import { AgreementCheckbox } from './agreement-checkbox.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  merchant_number: string;
  mobile: string;
  code: string;
  agree: boolean;
}

const FIELDS = ['username', 'password', 'confirmPassword', 'merchant_number', 'mobile', 'code'] as const;
const shape = adminRegisterBodySchema.shape;

/**
 * Merchant registration (spec §2 /register and /registerWap; spec §5 "Registration asks for username,
 * password, merchant number, phone"), with the SMS code. Registering signs the merchant in.
 */
function AdminRegisterForm({ variant }: { variant: DeviceVariant }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const field = useZodField();
  const confirmation = useConfirmationRule();
  const onFailure = useFormFailure(form, FIELDS);
  const register = useAdminRegister();
  const isMobile = variant === 'mobile';

  const onFinish = ({ agree: _agree, ...body }: RegisterValues) => {
    register.mutate(body, {
      onSuccess: () => {
        void message.success(t('auth.registered'));
        void navigate(PATHS.adminDashboard, { replace: true });
      },
      onError: onFailure,
    });
  };

  return (
    <>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        size={isMobile ? 'large' : 'middle'}
        onFinish={onFinish}
      >
        <Form.Item {...field('username', shape.username)} extra={t('auth.usernameRule')}>
          <Input autoComplete="username" />
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
        {/* Issue 27: what the merchant number is, where it comes from, and what a valid one is. */}
        <Form.Item
          name="merchant_number"
          label={fieldLabel('merchantNumber')}
          required
          extra={<span data-testid="merchant-number-hint">{t('auth.merchantNumberHint')}</span>}
          rules={[
            {
              validator: (_rule, value: unknown) => {
                const text = typeof value === 'string' ? value.trim() : '';
                if (!text)
                  return Promise.reject(
                    new Error(t('validation.required', { field: t('fields.merchantNumber') })),
                  );
                return shape.merchant_number.safeParse(text).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('auth.merchantNumberRule')));
              },
            },
          ]}
        >
          <Input maxLength={maxLengthOf(shape.merchant_number)} placeholder="M0001" />
        </Form.Item>
        <Form.Item {...field('mobile', shape.mobile)}>
          <Input autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item label={fieldLabel('code')} required>
          <Flex gap={8}>
            <Form.Item {...field('code', shape.code)} label={undefined} noStyle>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={LIMITS.text.verificationCode}
              />
            </Form.Item>
            <SmsCodeButton form={form} mobileField="mobile" send={sendRegisterCode} />
          </Flex>
        </Form.Item>
        <AgreementCheckbox />
        <Form.Item>
          <Button
            data-testid="register-submit"
            type="primary"
            htmlType="submit"
            block
            loading={register.isPending}
          >
            {t('auth.register')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Text>
        {t('auth.haveAccount')} <Link to={isMobile ? PATHS.loginWap : PATHS.login}>{t('auth.goLogin')}</Link>
      </Typography.Text>
    </>
  );
}

/** /register and /registerWap. */
export function AdminRegisterPage({ variant }: { variant: DeviceVariant }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <AuthFrame variant={variant} title={t('auth.registerTitle')} subtitle={site.name} testId="register-page">
      <AdminRegisterForm variant={variant} />
    </AuthFrame>
  );
}
