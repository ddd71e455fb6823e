import { useCallback } from 'react';
import type { FormItemProps, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkField,
  isBlank,
  isOptional,
  type FieldName,
  type FieldSchema,
  type IssueMessage,
} from './zod-rule.ts';

/** "username" → "Username": field names read lowercase inside messages, capitalised as labels. */
function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of a form field or detail row, in the interface language. */
export function useFieldLabel() {
  const { t } = useTranslation();
  return useCallback((field: FieldName) => upperFirst(t(`fields.${field}`)), [t]);
}

type ZodFieldProps = Required<Pick<FormItemProps, 'name' | 'label' | 'rules' | 'required'>>;

/**
 * Form.Item props for a field validated by its shared zod schema (spec §5 messages, both languages):
 * `<Form.Item {...field('username', schema.shape.username)}>`.
 */
export function useZodField() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();

  const text = useCallback(
    (message: IssueMessage, field: FieldName): string => {
      const label = t(`fields.${field}`);
      switch (message.key) {
        case 'validation.tooShort':
        case 'validation.tooSmall':
          return t(message.key, { field: label, min: message.min });
        case 'validation.tooLong':
        case 'validation.tooBig':
          return t(message.key, { field: label, max: message.max });
        default:
          return t(message.key, { field: label });
      }
    },
    [t],
  );

  return useCallback(
    (field: FieldName, schema: FieldSchema, extraRules: FormRule[] = []): ZodFieldProps => ({
      name: field,
      label: fieldLabel(field),
      required: !isOptional(schema),
      rules: [
        {
          validator: (_rule, value: unknown) => {
            const message = checkField(schema, value);
            return message ? Promise.reject(new Error(text(message, field))) : Promise.resolve();
          },
        },
        ...extraRules,
      ],
    }),
    [fieldLabel, text],
  );
}

/**
 * spec §5: the confirmation must match ("Two password entries are inconsistent"). The shared schema
 * checks this as an object refinement, which zod runs only once every field is valid; this rule gives
 * the same message while the user types.
 */
export function useConfirmationRule() {
  const { t } = useTranslation();
  return useCallback(
    (passwordField: string): FormRule =>
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) =>
          isBlank(value) || value === getFieldValue(passwordField)
            ? Promise.resolve()
            : Promise.reject(new Error(t('validation.passwordMismatch'))),
      }),
    [t],
  );
}
