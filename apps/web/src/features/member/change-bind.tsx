import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailSchema, LIMITS, mobileSchema, verificationCodeSchema } from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { SmsCodeButton } from '../identity/sms-code-button.tsx';
import { sendMemberCode, useChangeBind } from './api.ts';
import { useMember } from './member-session-context.ts';

type BindType = 'mobile' | 'email';

/**
 * Changing (or adding) the member's mobile or e-mail (issue 27; POST /api/account/verification,
 * then /api/account/changeBind): first a code to an address already bound proves the member, then
 * a code to the new address confirms it.
 */
export function ChangeBindDialog({ type, onClose }: { type: BindType; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const field = useZodField();
  const member = useMember();
  const { verify, change } = useChangeBind();
  const [proof, setProof] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [verifyForm] = Form.useForm<{ captcha: string }>();
  const [changeForm] = Form.useForm<{ address: string; captcha: string }>();
  // Prove the member by the same kind of address when it has one, else by the other.
  const by: BindType | null = member[type]
    ? type
    : member[type === 'mobile' ? 'email' : 'mobile']
      ? type === 'mobile'
        ? 'email'
        : 'mobile'
      : null;
  const current = by ? member[by] : '';
  const valueSchema = type === 'mobile' ? mobileSchema : emailSchema;
  const fail = (failure: ApiError) => setError(failure.msg);

  const codeField = (
    form: typeof verifyForm | typeof changeForm,
    send: (to: string) => Promise<unknown>,
    sendField: string,
  ) => (
    <Form.Item label={fieldLabel('code')} required>
      <Flex gap={8}>
        <Form.Item {...field('code', verificationCodeSchema)} name="captcha" label={undefined} noStyle>
          <Input inputMode="numeric" maxLength={LIMITS.text.verificationCode} autoComplete="one-time-code" />
        </Form.Item>
        <SmsCodeButton form={form} mobileField={sendField} send={send} />
      </Flex>
    </Form.Item>
  );

  return (
    <Modal
      open
      title={t(type === 'mobile' ? 'member.bind.changeMobile' : 'member.bind.changeEmail')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={proof ? 1 : 0}
        style={{ marginBottom: 24 }}
        items={[{ title: t('member.bind.verify') }, { title: t('member.bind.newAddress') }]}
      />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {!by ? (
        <Alert type="warning" showIcon title={t('member.bind.nothingBound')} />
      ) : proof === null ? (
        // Each step is its own form: a distinct key, or React would keep the first one's store.
        <Form
          key="verify"
          form={verifyForm}
          layout="vertical"
          data-testid="bind-verify-form"
          initialValues={{ current }}
          onFinish={({ captcha }) =>
            verify.mutate(
              { type: by, captcha },
              {
                onSuccess: (reply) => {
                  setError(null);
                  setProof(reply.account_verification_token);
                },
                onError: fail,
              },
            )
          }
        >
          <Typography.Paragraph>{t('member.bind.codeTo', { address: current })}</Typography.Paragraph>
          <Form.Item name="current" hidden>
            <Input />
          </Form.Item>
          {codeField(verifyForm, () => sendMemberCode('verify', by, current), 'current')}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={verify.isPending}
            data-testid="bind-verify-submit"
          >
            {t('member.bind.next')}
          </Button>
        </Form>
      ) : (
        <Form
          key="change"
          form={changeForm}
          layout="vertical"
          data-testid="bind-change-form"
          onFinish={({ address, captcha }) =>
            change.mutate(
              type === 'mobile'
                ? { type, mobile: address, captcha, account_verification_token: proof }
                : { type, email: address, captcha, account_verification_token: proof },
              { onSuccess: onClose, onError: fail },
            )
          }
        >
          <Form.Item
            {...field(type, valueSchema)}
            name="address"
            label={t(type === 'mobile' ? 'member.bind.newMobile' : 'member.bind.newEmail')}
          >
            <Input
              inputMode={type === 'mobile' ? 'tel' : 'email'}
              autoComplete={type === 'mobile' ? 'tel' : 'email'}
            />
          </Form.Item>
          {codeField(changeForm, (to) => sendMemberCode('change', type, to), 'address')}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={change.isPending}
            data-testid="bind-change-submit"
          >
            {t('app.save')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
