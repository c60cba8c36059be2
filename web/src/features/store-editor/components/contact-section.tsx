import { useTranslation } from 'react-i18next';

import type { Store } from '../api/types';
import { updateStoreContact } from '../api/update-store-contact';
import { TextField } from './fields';
import { SectionForm } from './section-form';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';
import { MAX_DESCRIPTION } from './titled-section';

/** How visitors reach the practice: `PUT /v2/account/store/contact {description}`. */
export function ContactSection({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const sectionName = t('contact.title');
  const { draft, dirty, patch, commit } = useDraft({ description: store.contact.description });
  const { saving, errors, run } = useSave(sectionName);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const save = async () => {
    const saved = await run(() => updateStoreContact(draft.description));
    if (saved) {
      commit({ description: saved.contact.description });
      await cache.setStore(saved);
    }
  };

  return (
    <SectionForm title={sectionName} lead={t('contact.lead')} dirty={dirty} saving={saving} onSave={() => void save()}>
      <TextField
        id="store-contact"
        label={t('contact.label')}
        value={draft.description}
        maxLength={MAX_DESCRIPTION}
        multiline
        error={errorOf('contact.description', 'description')}
        onChange={(value) => patch({ description: value })}
      />
    </SectionForm>
  );
}
