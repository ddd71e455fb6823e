import { Avatar, Button, Card, Descriptions, Form, Input, Radio } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { memberProfileBodySchema, maxLengthOf } from '@pod/shared';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { useSaveProfile } from './api.ts';
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

  const onFinish = (values: ProfileValues) => {
    save.mutate(
      {
        nickname: values.nickname,
        gender: values.gender,
        // A cleared date input sends "", which the contract spells null.
        birthday: values.birthday || null,
        motto: values.motto ?? '',
        // Avatars are uploaded elsewhere (the upload issue); the current one is kept.
        avatar: member.avatar,
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
            children: <Avatar size={48} src={member.avatar || undefined} icon={<UserOutlined />} />,
          },
          { key: 'username', label: fieldLabel('username'), children: member.username },
          { key: 'mobile', label: fieldLabel('mobile'), children: member.mobile || '—' },
          { key: 'email', label: fieldLabel('email'), children: member.email || '—' },
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
        <Button data-testid="profile-save" type="primary" htmlType="submit" loading={save.isPending}>
          {t('app.save')}
        </Button>
      </Form>
    </Card>
  );
}
