import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';

/** "I have read and agree to the User Agreement", linking /protocol (spec §2); must be ticked. */
export function AgreementCheckbox() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="agree"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, value: unknown) =>
            value === true ? Promise.resolve() : Promise.reject(new Error(t('auth.agreementRequired'))),
        },
      ]}
    >
      <Checkbox data-testid="agree">
        {t('auth.agreePrefix')}{' '}
        <Link to={PATHS.protocol} target="_blank" rel="noopener">
          {t('auth.agreementLink')}
        </Link>
      </Checkbox>
    </Form.Item>
  );
}
