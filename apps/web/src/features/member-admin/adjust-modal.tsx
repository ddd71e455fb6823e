import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLengthOf, memberAdjustBodySchema, type MemberAdmin } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { useAdjustMember, type MemberPurse } from './api.ts';

/** An administrator's change of a member's money (in yuan) or score, with a required remark. */
export function AdjustModal({
  member,
  purse,
  onClose,
}: {
  member: MemberAdmin | null;
  purse: MemberPurse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number; remark: string }>();
  const adjust = useAdjustMember(purse);

  const submit = async () => {
    if (!member) return;
    const values = await form.validateFields();
    const amount = purse === 'money' ? Math.round(values.amount * 100) : values.amount;
    try {
      await adjust.mutateAsync({
        id: member.id,
        body: { amount, remark: values.remark, idempotency_key: `adm-${crypto.randomUUID()}` },
      });
      void message.success(t('memberAdmin.adjusted'));
      form.resetFields();
      onClose();
    } catch (error) {
      form.setFields([
        { name: 'amount', errors: [error instanceof ApiError ? error.msg : t('request.unknownError')] },
      ]);
    }
  };

  const current = member ? (purse === 'money' ? (member.money / 100).toFixed(2) : String(member.score)) : '';
  return (
    <Modal
      open={member !== null}
      title={t(purse === 'money' ? 'memberAdmin.adjustMoney' : 'memberAdmin.adjustScore')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={adjust.isPending}
      okButtonProps={{ 'data-testid': 'member-adjust-submit' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="member-adjust-form">
        <Form.Item label={t('memberAdmin.current')}>
          <span data-testid="member-adjust-current">{current}</span>
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('memberAdmin.change')}
          extra={t('memberAdmin.changeHint')}
          rules={[
            { required: true, message: t('validation.required', { field: t('memberAdmin.change') }) },
            {
              validator: (_, v: unknown) =>
                v === 0 ? Promise.reject(new Error(t('memberAdmin.notZero'))) : Promise.resolve(),
            },
          ]}
        >
          <InputNumber
            style={{ width: '100%' }}
            precision={purse === 'money' ? 2 : 0}
            data-testid="member-adjust-amount"
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('memberAdmin.remark')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('validation.required', { field: t('memberAdmin.remark') }),
            },
          ]}
        >
          <Input
            maxLength={maxLengthOf(memberAdjustBodySchema.shape.remark)}
            data-testid="member-adjust-remark"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
