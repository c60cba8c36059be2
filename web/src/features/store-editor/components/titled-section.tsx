import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { TitledSectionName } from '../api/keys';
import type { Store } from '../api/types';
import { updateStoreSection } from '../api/update-store-section';
import { TextField } from './fields';
import { SectionForm } from './section-form';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';

/** docs/api.md "Limits". */
export const MAX_TITLE = 120;
export const MAX_DESCRIPTION = 3000;

interface TitledSectionProps {
  store: Store;
  section: TitledSectionName;
  title: string;
  lead: string;
  /** Images and lists shown after the form (they save on their own). */
  after?: ReactNode;
  headingLevel?: 2 | 3;
}

/** Header, about, services header or approach: `{title, description}` saved with the section's call. */
export function TitledSection({ store, section, title, lead, after, headingLevel }: TitledSectionProps) {
  const { t } = useTranslation('store-editor');
  const server = { title: store[section].title, description: store[section].description };
  const { draft, dirty, patch, commit } = useDraft(server);
  const { saving, errors, run } = useSave(title);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const save = async () => {
    const saved = await run(() => updateStoreSection(section, draft));
    if (saved) {
      commit({ title: saved[section].title, description: saved[section].description });
      await cache.setStore(saved);
    }
  };

  const id = `store-${section}`;
  return (
    <SectionForm
      title={title}
      lead={lead}
      dirty={dirty}
      saving={saving}
      onSave={() => void save()}
      after={after}
      headingLevel={headingLevel}
    >
      <TextField
        id={`${id}-title`}
        label={t('field.title')}
        value={draft.title}
        maxLength={MAX_TITLE}
        error={errorOf(`${section}.title`, 'title')}
        onChange={(value) => patch({ title: value })}
      />
      <TextField
        id={`${id}-description`}
        label={t('field.description')}
        value={draft.description}
        maxLength={MAX_DESCRIPTION}
        multiline
        error={errorOf(`${section}.description`, 'description')}
        onChange={(value) => patch({ description: value })}
      />
    </SectionForm>
  );
}
