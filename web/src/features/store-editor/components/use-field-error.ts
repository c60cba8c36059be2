import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { knownErrorKey, type FieldErrors } from './field-errors';

/** The text under a field for its server error codes: translated when known, else the code as sent. */
export function useFieldError(errors: FieldErrors) {
  const { t } = useTranslation('store-editor');
  return useCallback(
    (...fields: string[]): string | undefined => {
      for (const field of fields) {
        const codes = errors[field];
        if (!codes || codes.length === 0) continue;
        return codes
          .map((code) => {
            const key = knownErrorKey(code);
            return key ? t(`field-error.${key}`) : code;
          })
          .join(' ');
      }
      return undefined;
    },
    [errors, t],
  );
}
