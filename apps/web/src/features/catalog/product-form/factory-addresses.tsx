import { Button, Card, Col, Empty, Flex, Form, Input, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_LIMITS,
  factoryAddressInputSchema,
  LIMITS,
  maxLengthOf,
  PHONE_PATTERN,
  POST_CODE_PATTERN,
} from '@pod/shared';
import { useCountries } from '../../logistics/factory-page.tsx';

// ---- Factory addresses ------------------------------------------------------------------------------

/** The fields of one address row, whose limits the inputs take. */
const ROW = factoryAddressInputSchema.shape;

export function FactoryAddresses() {
  const { t, i18n } = useTranslation();
  const countries = useCountries(i18n.language);
  return (
    <Form.List name="factory_addresses">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="factory-addresses">
          {fields.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.factory.empty')} />
          ) : null}
          {fields.map((item) => (
            <Card key={item.key} size="small">
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item
                    name={[item.name, 'name']}
                    label={t('catalog.factory.name')}
                    rules={[{ required: true, whitespace: true, max: maxLengthOf(ROW.name) }]}
                  >
                    <Input maxLength={maxLengthOf(ROW.name)} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name={[item.name, 'country']}
                    label={t('catalog.factory.country')}
                    rules={[{ required: true }]}
                  >
                    <Select
                      showSearch
                      optionFilterProp="label"
                      options={countries.data ?? []}
                      loading={countries.isPending}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[item.name, 'province']} label={t('catalog.factory.province')}>
                    <Input maxLength={maxLengthOf(ROW.province)} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name={[item.name, 'address']}
                    label={t('catalog.factory.address')}
                    rules={[{ required: true, whitespace: true, max: maxLengthOf(ROW.address) }]}
                  >
                    <Input maxLength={maxLengthOf(ROW.address)} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item
                    name={[item.name, 'post_code']}
                    label={t('catalog.factory.postCode')}
                    rules={[{ pattern: POST_CODE_PATTERN, message: t('catalog.factory.postCodeRule') }]}
                  >
                    <Input maxLength={LIMITS.text.postCode} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item
                    name={[item.name, 'phone']}
                    label={t('catalog.factory.phone')}
                    rules={[
                      {
                        required: true,
                        pattern: PHONE_PATTERN,
                        message: t('catalog.factory.phoneRule'),
                      },
                    ]}
                  >
                    <Input maxLength={LIMITS.text.phone} />
                  </Form.Item>
                </Col>
                <Col span={1}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('crud.delete')}
                    onClick={() => remove(item.name)}
                    style={{ marginTop: 30 }}
                  />
                </Col>
              </Row>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= CATALOG_LIMITS.factoryAddresses}
            onClick={() =>
              add({ name: '', country: 'CN', province: '', address: '', post_code: '', phone: '' })
            }
          >
            {t('catalog.factory.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
