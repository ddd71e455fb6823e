import { App, Col, Form, Input, Modal, Row, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_LIMITS,
  addressCreateSchema,
  type AddressCreate,
  type AddressRule,
  type ConsigneeAddress,
} from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { useZodField } from '../../forms/use-zod-field.ts';
import { useCountries } from '../logistics/factory-page.tsx';
import { addressFieldRule, type CountryRuledField } from './address-rules.ts';
import { useSaveAddress } from './api.ts';

const FIELDS = [
  'first_name',
  'last_name',
  'mobile_phone',
  'country',
  'province',
  'city',
  'area',
  'street',
  'postcode',
  'is_default',
] as const;

type Values = Partial<AddressCreate>;

/**
 * Adds or edits a consignee address (spec §3 Address). spec §5 "enter a real address": the shared
 * schema checks each field, and the country's rules (phone and postcode formats, province and
 * postcode required) run as the user types, before anything is sent; the server checks again.
 */
export function AddressFormModal({
  address,
  onClose,
  onSaved,
}: {
  /** The address to edit, or null to add one. */
  address: ConsigneeAddress | null;
  onClose: () => void;
  onSaved?: (address: ConsigneeAddress) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const field = useZodField();
  const countries = useCountries(i18n.language);
  const save = useSaveAddress();
  const onFailure = useFormFailure(form, FIELDS);
  const shape = addressCreateSchema.shape;
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;

  const ruleText = (rule: AddressRule, name: CountryRuledField, country: string): string => {
    switch (rule) {
      case 'addressRequired':
        return t('validation.required', { field: t(`fields.${name}`) });
      case 'addressPhone':
        return t('checkout.address.phoneInvalid', { country: countryName(country) });
      case 'addressPostcode':
        return t('checkout.address.postcodeInvalid', { country: countryName(country) });
    }
  };

  /** The country's rule of a field, re-run when the country changes (see `dependencies`). */
  const countryRule =
    (name: CountryRuledField): FormRule =>
    ({ getFieldsValue }) => ({
      validator: () => {
        const values = getFieldsValue(true) as Values;
        const rule = addressFieldRule(values, name);
        return rule
          ? Promise.reject(new Error(ruleText(rule, name, String(values.country ?? ''))))
          : Promise.resolve();
      },
    });

  const onFinish = async (values: Values) => {
    const body: AddressCreate = {
      first_name: values.first_name ?? '',
      last_name: values.last_name ?? '',
      mobile_phone: values.mobile_phone ?? '',
      country: values.country ?? '',
      province: values.province ?? '',
      city: values.city ?? '',
      area: values.area ?? '',
      street: values.street ?? '',
      postcode: values.postcode ?? '',
      is_default: values.is_default ?? false,
    };
    try {
      const saved = await save.mutateAsync({ id: address?.id ?? null, body });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      onFailure(error as ApiError);
    }
  };

  return (
    <Modal
      open
      title={t(address ? 'checkout.address.editTitle' : 'checkout.address.addTitle')}
      onCancel={onClose}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      width={680}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'address-form-submit' }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="address-form"
        initialValues={
          address ?? { country: 'US', is_default: false, last_name: '', area: '', province: '', postcode: '' }
        }
        onFinish={(values) => void onFinish(values)}
        onFinishFailed={() => void message.warning(t('crud.fixErrors'))}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item {...field('first_name', shape.first_name)}>
              <Input maxLength={ADDRESS_LIMITS.name} data-testid="address-first-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...field('last_name', shape.last_name)}>
              <Input maxLength={ADDRESS_LIMITS.name} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...field('country', shape.country)}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={countries.data ?? []}
                loading={countries.isPending}
                data-testid="address-country"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              {...field('mobile_phone', shape.mobile_phone, [countryRule('mobile_phone')])}
              dependencies={['country']}
            >
              <Input maxLength={ADDRESS_LIMITS.phone} data-testid="address-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              {...field('province', shape.province, [countryRule('province')])}
              dependencies={['country']}
            >
              <Input maxLength={ADDRESS_LIMITS.region} data-testid="address-province" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...field('city', shape.city)}>
              <Input maxLength={ADDRESS_LIMITS.region} data-testid="address-city" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item {...field('area', shape.area)}>
              <Input maxLength={ADDRESS_LIMITS.region} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item {...field('street', shape.street)}>
              <Input maxLength={ADDRESS_LIMITS.street} data-testid="address-street" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              {...field('postcode', shape.postcode, [countryRule('postcode')])}
              dependencies={['country']}
            >
              <Input maxLength={ADDRESS_LIMITS.postcode} data-testid="address-postcode" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="is_default" label={t('checkout.address.isDefault')} valuePropName="checked">
              <Switch data-testid="address-default" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
