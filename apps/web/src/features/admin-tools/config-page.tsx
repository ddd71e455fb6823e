import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Spin,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConfigItem } from '@pod/shared';
import { PERMISSIONS } from '@pod/shared';
import type { ApiError } from '../../api/api-error.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { usePageButtons } from '../layout/current-menu.ts';
import { useConfigItems, useSaveConfig } from './api.ts';

type Values = Record<string, unknown>;

/** The editor of one setting by its type. */
function editorOf(item: ConfigItem, isReadOnly: boolean, optionLabel: (option: string) => string) {
  switch (item.type) {
    case 'text':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} disabled={isReadOnly} />;
    case 'number':
      return <InputNumber style={{ width: 240 }} disabled={isReadOnly} />;
    case 'boolean':
      return <Switch disabled={isReadOnly} />;
    case 'list':
      return <Select mode="tags" tokenSeparators={[',', ' ']} open={false} disabled={isReadOnly} />;
    case 'select':
      return (
        <Select
          style={{ width: 240 }}
          options={item.options.map((option) => ({ value: option, label: optionLabel(option) }))}
          disabled={isReadOnly}
        />
      );
    default:
      return <Input disabled={isReadOnly} />;
  }
}

/**
 * System config: the settings by group in tabs, each with an editor of its type; saving sends the
 * changed values and shows the server's refusals under their fields (issue: admin tools).
 */
export function ConfigPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const buttons = usePageButtons();
  const canEdit = buttons.has(PERMISSIONS.config.edit);
  const items = useConfigItems();
  const save = useSaveConfig();
  const [form] = Form.useForm<Values>();
  const keys = useMemo(() => (items.data ?? []).map((item) => item.key), [items.data]);
  const onFailure = useFormFailure(form, keys);
  const [group, setGroup] = useState<string | undefined>();

  const initial = useMemo(
    () => Object.fromEntries((items.data ?? []).map((item) => [item.key, item.value])),
    [items.data],
  );
  useEffect(() => {
    form.setFieldsValue(initial);
  }, [form, initial]);

  const groups = useMemo(() => [...new Set((items.data ?? []).map((item) => item.group))], [items.data]);
  const label = (key: string, fallback = key) => (i18n.exists(key) ? t(key as 'menu.config') : fallback);

  const onFinish = async (values: Values) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(initial[key])),
    );
    if (Object.keys(changed).length === 0) {
      void message.info(t('tools.config.unchanged'));
      return;
    }
    try {
      await save.mutateAsync(changed);
    } catch (error) {
      const failure = error as ApiError;
      onFailure(failure);
      // Show the tab holding the refused field.
      const field = (failure.data as { field?: unknown } | null)?.field;
      const refused = items.data?.find((item) => item.key === field);
      if (refused) setGroup(refused.group);
    }
  };

  if (items.isPending)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  if (items.isError) return <Alert type="error" showIcon title={items.error.msg} />;

  return (
    <Card data-testid="config-page">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        onFinish={(values) => void onFinish(values)}
        // A server refusal has no rule to clear it: editing the field clears it.
        onValuesChange={(changed: Values) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
        onFinishFailed={() => void message.warning(t('crud.fixErrors'))}
      >
        <Tabs
          activeKey={group ?? groups[0]}
          onChange={setGroup}
          items={groups.map((name) => ({
            key: name,
            label: label(`tools.config.group.${name}`),
            // Every tab stays mounted so all values are submitted.
            forceRender: true,
            children: items.data
              .filter((item) => item.group === name)
              .map((item) => (
                <Form.Item
                  key={item.key}
                  name={item.key}
                  label={label(item.title)}
                  valuePropName={item.type === 'boolean' ? 'checked' : 'value'}
                  // The setting's help in the reader's language, never its raw key (issue 26).
                  extra={
                    i18n.exists(`tools.config.help.${item.key}`) ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {label(`tools.config.help.${item.key}`)}
                      </Typography.Text>
                    ) : undefined
                  }
                  rules={
                    item.type === 'number'
                      ? [{ type: 'number', required: true, message: t('tools.config.numberRequired') }]
                      : []
                  }
                >
                  {editorOf(item, !canEdit, (option) => label(`tools.config.option.${option}`, option))}
                </Form.Item>
              )),
          }))}
        />
        {canEdit ? (
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={save.isPending}
            data-testid="config-save"
          >
            {t('app.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
