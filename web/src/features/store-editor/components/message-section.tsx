import { useTranslation } from 'react-i18next';

import type { Store } from '../api/types';
import { updateStoreMessage } from '../api/update-store-message';
import { TextField } from './fields';
import { SectionForm } from './section-form';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';

export const MAX_MESSAGE = 1000;

/** The store's message to visitors: `PUT /v2/account/store/message`. */
export function MessageSection({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const sectionName = t('message.title');
  const { draft, dirty, patch, commit } = useDraft({ message: store.message });
  const { saving, errors, run } = useSave(sectionName);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const save = async () => {
    const saved = await run(() => updateStoreMessage(draft.message));
    if (saved) {
      commit({ message: saved.message });
      await cache.setStore(saved);
    }
  };

  return (
    <SectionForm title={sectionName} lead={t('message.lead')} dirty={dirty} saving={saving} onSave={() => void save()}>
      <TextField
        id="store-message"
        label={t('message.label')}
        value={draft.message}
        maxLength={MAX_MESSAGE}
        multiline
        error={errorOf('message')}
        onChange={(value) => patch({ message: value })}
      />
    </SectionForm>
  );
}
