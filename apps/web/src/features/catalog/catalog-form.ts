import { useCallback } from 'react';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATALOG_RULES, type CatalogIssue, type CatalogRule } from '@pod/shared';
import { useZodField } from '../../forms/use-zod-field.ts';
import { isBlank, type FieldName, type FieldSchema, type SchemaIssue } from '../../forms/zod-rule.ts';

/** Whether a rule name is one of the catalogue's (`validation.<rule>` in both languages). */
export function isCatalogRule(rule: unknown): rule is CatalogRule {
  return typeof rule === 'string' && (CATALOG_RULES as readonly string[]).includes(rule);
}

/** The catalogue rule a schema refuses a value with, if that is its first issue. */
export function catalogRuleOf(schema: FieldSchema, value: unknown): CatalogRule | null {
  const result = schema.safeParse(isBlank(value) ? undefined : value);
  if (result.success) return null;
  const issue: SchemaIssue | undefined = result.error.issues[0];
  const rule = issue?.code === 'custom' ? issue.params?.rule : undefined;
  return isCatalogRule(rule) ? rule : null;
}

/**
 * Form.Item props of a catalogue field: like useZodField, and a refinement the catalogue names
 * (spec §5 "Template name cannot be empty.", duplicates…) reads its own message, as the server's.
 */
export function useCatalogField() {
  const { t } = useTranslation();
  const field = useZodField();
  return useCallback(
    (
      name: FieldName,
      schema: FieldSchema,
      extraRules: FormRule[] = [],
      options: { isChoice?: boolean } = {},
    ) => {
      const props = field(name, schema);
      const base = props.rules[0] as Exclude<FormRule, (...args: never[]) => unknown>;
      const rule: FormRule = {
        validator: (ruleObject, value: unknown, callback) => {
          const catalogRule = catalogRuleOf(schema, value);
          if (catalogRule)
            return Promise.reject(new Error(t(`validation.${catalogRule}`, { field: t(`fields.${name}`) })));
          // An empty choice (a select left blank, an empty list) reads "Please select {field}".
          const isEmptyChoice = Array.isArray(value)
            ? value.length === 0
            : options.isChoice && isBlank(value);
          if (isEmptyChoice && !schema.safeParse(Array.isArray(value) ? value : undefined).success)
            return Promise.reject(new Error(t('validation.select', { field: t(`fields.${name}`) })));
          return base.validator?.(ruleObject, value, callback) ?? Promise.resolve();
        },
      };
      return { ...props, rules: [rule, ...extraRules] };
    },
    [field, t],
  );
}

/** The message of a catalogue issue (productIssues, surfaceIssues, priceTierIssues) for its path. */
export function useIssueText() {
  const { t } = useTranslation();
  return useCallback(
    (issue: Pick<CatalogIssue, 'rule' | 'path'>) => {
      const name = [...issue.path].reverse().find((p) => typeof p === 'string') ?? '';
      const label = t(`fields.${name}` as `fields.${FieldName}`, { defaultValue: name });
      return isCatalogRule(issue.rule) ? t(`validation.${issue.rule}`, { field: label }) : issue.rule;
    },
    [t],
  );
}
