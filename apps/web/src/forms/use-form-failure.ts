import { useCallback } from 'react';
import { App, type FormInstance } from 'antd';
import type { ApiError } from '../api/api-error.ts';
import { fieldErrorsOf } from './field-errors.ts';

/**
 * Shows a failed submit: the server's per-field messages under the matching fields, anything else
 * (wrong credentials, rate limits, fields the form does not have) as a message.
 */
export function useFormFailure(form: FormInstance, fieldNames: readonly string[]) {
  const { message } = App.useApp();
  return useCallback(
    (error: ApiError) => {
      if (error.reason === 'aborted') return;
      const errors = fieldErrorsOf(error);
      const onForm = errors.filter((entry) => fieldNames.includes(entry.field));
      form.setFields(onForm.map((entry) => ({ name: entry.field, errors: [entry.message] })));
      const offForm = errors.filter((entry) => !fieldNames.includes(entry.field));
      if (onForm.length === 0 || offForm.length > 0) void message.error(offForm[0]?.message ?? error.msg);
    },
    [form, fieldNames, message],
  );
}
