import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { fieldErrorsOf, NO_ERRORS, serverMessageOf, type FieldErrors } from './field-errors';

/**
 * Runs one section's save: `saving` while on its way, a success toast naming the section, and on a
 * refusal the field errors (422/409 `errors`) and an error toast with the server's message. The draft is
 * the caller's and is never touched here, so a refused save loses nothing that was typed.
 */
export function useSave(sectionName: string) {
  const { t } = useTranslation('store-editor');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);

  const run = useCallback(
    async <T,>(task: () => Promise<T>, successMessage?: string): Promise<T | undefined> => {
      setSaving(true);
      try {
        const result = await task();
        setErrors(NO_ERRORS);
        toast.success(successMessage ?? t('toast.saved', { section: sectionName }));
        return result;
      } catch (error) {
        setErrors(fieldErrorsOf(error));
        toast.error(serverMessageOf(error) ?? t('toast.failed', { section: sectionName }));
        return undefined;
      } finally {
        setSaving(false);
      }
    },
    [sectionName, t],
  );

  return { saving, errors, run, clearErrors: () => setErrors(NO_ERRORS) };
}
