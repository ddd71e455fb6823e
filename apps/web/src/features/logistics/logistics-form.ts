import { useCallback } from 'react';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkField,
  isBlank,
  isOptional,
  type FieldName,
  type FieldSchema,
  type IssueMessage,
} from '../../forms/zod-rule.ts';

/** The refinements of the logistics schemas, named by the server's messages too. */
const LOGISTICS_RULES = [
  'shippingCode',
  'shippingCountry',
  'shippingDeliveryDays',
  'shippingMaxWeight',
] as const;
export type LogisticsRule = (typeof LOGISTICS_RULES)[number];
const isLogisticsRule = (rule: unknown): rule is LogisticsRule =>
  typeof rule === 'string' && (LOGISTICS_RULES as readonly string[]).includes(rule);

/** The logistics rule a value breaks, when the schema names one. */
export function logisticsRuleOf(schema: FieldSchema, value: unknown): LogisticsRule | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const rule = result.error.issues.map((issue) => issue.params?.rule).find(isLogisticsRule);
  return rule ?? null;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export interface LogisticsFieldOptions {
  /** A label other than `fields.<name>` (e.g. the method's "code", which elsewhere is a verification code). */
  label?: string;
  /** The value the schema checks, from the form's value (e.g. yuan typed → minor units). */
  toInput?: (value: unknown) => unknown;
  extraRules?: FormRule[];
}

/**
 * Form.Item props of a logistics field, checked with its shared schema (CONVENTIONS 3): like
 * useZodField, plus the logistics rules' own messages, "Please select" for an empty list, a label
 * of the form's choosing and a conversion before the check.
 */
export function useLogisticsField() {
  const { t } = useTranslation();
  return useCallback(
    (name: FieldName, schema: FieldSchema, options: LogisticsFieldOptions = {}) => {
      const label = options.label ?? upperFirst(t(`fields.${name}`));
      const field = lowerFirst(label);
      const text = (message: IssueMessage): string => {
        switch (message.key) {
          case 'validation.tooShort':
          case 'validation.tooSmall':
            return t(message.key, { field, min: message.min });
          case 'validation.tooLong':
          case 'validation.tooBig':
            return t(message.key, { field, max: message.max });
          default:
            return t(message.key, { field });
        }
      };
      const rule: FormRule = {
        validator: (_rule, value: unknown) => {
          const input = options.toInput && !isBlank(value) ? options.toInput(value) : value;
          const logisticsRule = isBlank(input) ? null : logisticsRuleOf(schema, input);
          if (logisticsRule) return Promise.reject(new Error(t(`validation.${logisticsRule}`, { field })));
          if (Array.isArray(input) && input.length === 0 && !schema.safeParse(input).success)
            return Promise.reject(new Error(t('validation.select', { field })));
          const message = checkField(schema, input);
          return message ? Promise.reject(new Error(text(message))) : Promise.resolve();
        },
      };
      return {
        name,
        label,
        required: !isOptional(schema),
        rules: [rule, ...(options.extraRules ?? [])],
      };
    },
    [t],
  );
}

/** Yuan (or dollars) as typed → whole minor units, for checks against a minor-unit schema. */
export const toMinorUnits = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : value;
