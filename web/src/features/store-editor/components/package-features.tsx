import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { addPackageFeature } from '../api/add-package-feature';
import { deletePackageFeature } from '../api/delete-package-feature';
import type { PackageFeature, StorePackage } from '../api/types';
import { updatePackageFeature } from '../api/update-package-feature';
import { serverMessageOf } from './field-errors';
import { TextField } from './fields';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';

/** docs/api.md "Limits". */
export const MAX_FEATURES = 20;
export const MAX_FEATURE_TEXT = 200;

function FeatureItem({ pack, feature, index }: { pack: StorePackage; feature: PackageFeature; index: number }) {
  const { t } = useTranslation('store-editor');
  const { draft, dirty, patch, commit } = useDraft({ text: feature.text });
  const { saving, errors, run } = useSave(t('packages.feature-n', { n: index + 1 }));
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving) return;
    const saved = await run(() => updatePackageFeature(pack.id, feature.feature_id, draft.text));
    if (saved) {
      commit({ text: saved.features.find((item) => item.feature_id === feature.feature_id)?.text ?? draft.text });
      await cache.putPackage(saved);
    }
  };
  const remove = async () => {
    try {
      await cache.putPackage(await deletePackageFeature(pack.id, feature.feature_id));
    } catch (error) {
      toast.error(serverMessageOf(error) ?? t('toast.delete-failed', { name: feature.text }));
    }
  };

  return (
    <li>
      <form className="store-feature" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          id={`store-feature-${feature.feature_id}`}
          label={t('packages.feature-n', { n: index + 1 })}
          value={draft.text}
          maxLength={MAX_FEATURE_TEXT}
          error={errorOf('text')}
          onChange={(text) => patch({ text })}
        />
        <button type="submit" className="button button--secondary" disabled={!dirty || saving} aria-label={t('packages.feature-save', { n: index + 1 })}>
          {t('action.save')}
        </button>
        <button type="button" className="button button--secondary" aria-label={t('packages.feature-remove', { n: index + 1 })} onClick={() => void remove()}>
          {t('action.remove')}
        </button>
      </form>
    </li>
  );
}

/** A package's features (bullet points), each saved on its own, kept in the order they were added. */
export function PackageFeatures({ pack }: { pack: StorePackage }) {
  const { t } = useTranslation('store-editor');
  const [text, setText] = useState('');
  const { saving, errors, run } = useSave(t('packages.features'));
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || text.trim() === '') return;
    const saved = await run(() => addPackageFeature(pack.id, text), t('packages.feature-added'));
    if (saved) {
      await cache.putPackage(saved);
      setText('');
    }
  };

  return (
    <div className="store-features" role="group" aria-label={t('packages.features-of', { name: pack.name })}>
      <p className="store-field__label">{t('packages.features')}</p>
      {pack.features.length > 0 && (
        <ol className="store-features__list">
          {pack.features.map((feature, index) => (
            <FeatureItem key={feature.feature_id} pack={pack} feature={feature} index={index} />
          ))}
        </ol>
      )}
      {pack.features.length < MAX_FEATURES ? (
        <form className="store-feature" onSubmit={(event) => void add(event)} noValidate>
          <TextField
            id={`store-package-${pack.id}-new-feature`}
            label={t('packages.new-feature')}
            value={text}
            maxLength={MAX_FEATURE_TEXT}
            error={errorOf('text', 'features')}
            onChange={setText}
          />
          <button type="submit" className="button button--secondary" disabled={saving || text.trim() === ''}>
            {t('packages.add-feature')}
          </button>
        </form>
      ) : (
        <p className="store-field__help">{t('packages.features-full', { limit: MAX_FEATURES })}</p>
      )}
    </div>
  );
}
