import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { createPackage } from '../api/create-package';
import { deletePackage } from '../api/delete-package';
import type { PackageInput, Store, StorePackage } from '../api/types';
import { updatePackage } from '../api/update-package';
import { uploadPackageImage } from '../api/upload-package-image';
import { ConfirmButton } from './confirm-button';
import { serverMessageOf } from './field-errors';
import { TextField } from './fields';
import { ImagePicker } from './image-picker';
import { PackageFeatures } from './package-features';
import { MAX_ITEM_DESCRIPTION } from './service-list';
import { SortableList } from './sortable-list';
import { MAX_TITLE } from './titled-section';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';

/** docs/api.md "Limits". */
export const MAX_PACKAGES = 20;
export const MAX_PRICE = 60;

type PackageFieldsValue = Omit<PackageInput, 'features'>;
const EMPTY: PackageFieldsValue = { name: '', description: '', price: '' };

function PackageFields({ id, value, onChange, errorOf }: { id: string; value: PackageFieldsValue; onChange: (changes: Partial<PackageFieldsValue>) => void; errorOf: (...fields: string[]) => string | undefined }) {
  const { t } = useTranslation('store-editor');
  return (
    <>
      <div className="store-form__row">
        <TextField id={`${id}-name`} label={t('packages.name')} value={value.name} maxLength={MAX_TITLE} required error={errorOf('name')} onChange={(name) => onChange({ name })} />
        <TextField
          id={`${id}-price`}
          label={t('packages.price')}
          help={t('packages.price-help')}
          value={value.price}
          maxLength={MAX_PRICE}
          error={errorOf('price')}
          onChange={(price) => onChange({ price })}
        />
      </div>
      <TextField
        id={`${id}-description`}
        label={t('packages.description')}
        value={value.description}
        maxLength={MAX_ITEM_DESCRIPTION}
        multiline
        rows={3}
        error={errorOf('description')}
        onChange={(description) => onChange({ description })}
      />
    </>
  );
}

function PackageItem({ pack }: { pack: StorePackage }) {
  const { t } = useTranslation('store-editor');
  const name = pack.name || t('packages.untitled');
  const { draft, dirty, patch, commit } = useDraft<PackageFieldsValue>({ name: pack.name, description: pack.description, price: pack.price });
  const { saving, errors, run } = useSave(name);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving) return;
    const saved = await run(() => updatePackage(pack.id, draft));
    if (saved) {
      commit({ name: saved.name, description: saved.description, price: saved.price });
      await cache.putPackage(saved);
    }
  };
  const remove = async () => {
    try {
      await deletePackage(pack.id);
      await cache.dropPackage(pack.id);
      toast.success(t('toast.deleted', { name }));
    } catch (error) {
      toast.error(serverMessageOf(error) ?? t('toast.delete-failed', { name }));
    }
  };

  return (
    <div className="store-item" role="group" aria-label={name}>
      <form className="store-form" onSubmit={(event) => void save(event)} noValidate>
        <PackageFields id={`store-package-${pack.id}`} value={draft} onChange={patch} errorOf={errorOf} />
        <div className="store-form__actions">
          <button type="submit" className="button" disabled={!dirty || saving}>
            {saving ? t('action.saving') : t('action.save')}
          </button>
          <ConfirmButton label={t('action.delete')} question={t('packages.delete-question', { name })} onConfirm={() => void remove()} />
          {dirty && !saving && <span className="store-form__status">{t('action.unsaved')}</span>}
        </div>
      </form>
      <ImagePicker
        label={t('image.package', { name })}
        current={pack.image}
        onUpload={async (file) => {
          await cache.putPackage(await uploadPackageImage(pack.id, file));
        }}
      />
      <PackageFeatures pack={pack} />
    </div>
  );
}

function AddPackage({ full }: { full: boolean }) {
  const { t } = useTranslation('store-editor');
  const [draft, setDraft] = useState<PackageFieldsValue>(EMPTY);
  const { saving, errors, run } = useSave(t('packages.add-title'));
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const created = await run(() => createPackage({ ...draft, features: [] }), t('packages.added', { name: draft.name }));
    if (created) {
      await cache.putPackage(created);
      setDraft(EMPTY);
    }
  };

  if (full) return <p className="store-field__help">{t('packages.full', { limit: MAX_PACKAGES })}</p>;
  return (
    <form className="store-form store-add" aria-label={t('packages.add-title')} onSubmit={(event) => void add(event)} noValidate>
      <h3 className="store-add__title">{t('packages.add-title')}</h3>
      <PackageFields id="store-new-package" value={draft} onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))} errorOf={errorOf} />
      <div className="store-form__actions">
        <button type="submit" className="button" disabled={saving || draft.name.trim() === ''}>
          {saving ? t('action.adding') : t('packages.add')}
        </button>
      </div>
    </form>
  );
}

/** The store's packages with their image and features, reordered by drag or buttons, and added. */
export function PackagesSection({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const cache = useStoreCache();
  return (
    <section className="store-section" aria-labelledby="store-packages-title">
      <h2 id="store-packages-title" className="store-section__title">
        {t('packages.title')}
      </h2>
      <p className="store-section__lead">{t('packages.lead')}</p>
      {store.packages.length === 0 ? (
        <p className="store-field__help">{t('packages.none')}</p>
      ) : (
        <SortableList
          items={store.packages}
          label={t('packages.list-label')}
          nameOf={(pack) => pack.name}
          onMove={(pack, index) => void cache.movePackage(pack.id, index)}
          renderItem={(pack) => <PackageItem pack={pack} />}
        />
      )}
      <AddPackage full={store.packages.length >= MAX_PACKAGES} />
    </section>
  );
}
