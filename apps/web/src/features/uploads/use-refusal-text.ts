import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type FileRefusal } from './file-checks.ts';

/** The message of a refusal the browser made before sending, in the spec §8 wording. */
export function useRefusalText() {
  const { t } = useTranslation();
  return useCallback(
    (refusal: FileRefusal): string => {
      switch (refusal.reason) {
        case 'incomplete':
          return t('uploads.refused.incomplete');
        case 'type':
          return t('uploads.refused.type', { suffix: refusal.suffix });
        case 'size':
          return t('uploads.refused.size', { max: formatBytes(refusal.max) });
      }
    },
    [t],
  );
}
