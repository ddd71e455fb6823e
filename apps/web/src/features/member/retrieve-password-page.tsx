import { App, Button, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { emailSchema, LIMITS, mobileSchema, retrievePasswordBodySchema } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { isThisDeviceMobile } from '../../app/device.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { AuthFrame } from '../identity/auth-frame.tsx';
import { SmsCodeButton } from '../identity/sms-code-button.tsx';
import { sendMemberCode, useRetrieveMemberPassword } from './api.ts';

interface Values {
  type: 'mobile' | 'email';
  account: string;
  captcha: string;
  password: string;
}

const FIELDS = ['type', 'account', 'captcha', 'password'] as const;
const shape = retrievePasswordBodySchema.shape;

/**
 * /user/retrievePassword (issue 27): the member login's "forgot password", by a code to the
 * member's bound mobile or e-mail (POST /api/account/retrievePassword). Desktop and phone alike.
 */
export function RetrievePasswordPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const field = useZodField();
  const onFailure = useFormFailure(form, FIELDS);
  const retrieve = useRetrieveMemberPassword();
  const variant = isThisDeviceMobile() ? 'mobile' : 'desktop';
  const type = Form.useWatch('type', form) ?? 'mobile';

  const onFinish = (values: Values) =>
    retrieve.mutate(values, {
      onSuccess: () => {
        void message.success(t('auth.signInWithNewPassword'));
        void navigate(PATHS.userLogin, { replace: true });
      },
      onError: onFailure,
    });

  return (
    <AuthFrame variant={variant} title={t('auth.forgotPassword')} testId="member-retrieve-page">
      <Form<Values>
        form={form}
        layout="vertical"
        size={variant === 'mobile' ? 'large' : 'middle'}
        initialValues={{ type: 'mobile' }}
        onFinish={onFinish}
      >
        <Form.Item name="type" label={t('auth.codeBy')}>
          <Radio.Group
            onChange={() => form.setFieldValue('account', '')}
            options={[
              { value: 'mobile', label: t('auth.bySms') },
              { value: 'email', label: t('auth.byEmail') },
            ]}
          />
        </Form.Item>
        {/* The account is the bound mobile or e-mail the code goes to. */}
        <Form.Item
          {...field(type === 'mobile' ? 'mobile' : 'email', type === 'mobile' ? mobileSchema : emailSchema)}
          name="account"
        >
          <Input
            autoComplete={type === 'mobile' ? 'tel' : 'email'}
            inputMode={type === 'mobile' ? 'tel' : 'email'}
          />
        </Form.Item>
        <Form.Item label={fieldLabel('code')} required>
          <Flex gap={8}>
            <Form.Item {...field('code', shape.captcha)} name="captcha" label={undefined} noStyle>
              <Input
                inputMode="numeric"
                maxLength={LIMITS.text.verificationCode}
                autoComplete="one-time-code"
              />
            </Form.Item>
            <SmsCodeButton
              form={form}
              mobileField="account"
              send={(account) => sendMemberCode('retrieve', type, account)}
            />
          </Flex>
        </Form.Item>
        <Form.Item {...field('password', shape.password)} extra={t('auth.memberPasswordRule')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button
          data-testid="member-retrieve-submit"
          type="primary"
          htmlType="submit"
          block
          loading={retrieve.isPending}
        >
          {t('auth.resetPassword')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Typography.Link>
          <Link to={PATHS.userLogin}>{t('auth.backToLogin')}</Link>
        </Typography.Link>
      </Flex>
    </AuthFrame>
  );
}
