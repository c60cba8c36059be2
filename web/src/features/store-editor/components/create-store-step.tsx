import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { createStore } from '../api/create-store';
import { STORE_THEMES, STORE_TYPES, type StoreTheme, type StoreType } from '../api/types';
import { serverMessageOf } from './field-errors';
import { useStoreCache } from './use-store-cache';

/** Before the editor: the practitioner picks the kind of practice and a theme (`POST /v2/account/store`). */
export function CreateStoreStep() {
  const { t } = useTranslation('store-editor');
  const cache = useStoreCache();
  const [type, setType] = useState<StoreType>('individual');
  const [theme, setTheme] = useState<StoreTheme>('classic');
  const [saving, setSaving] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const store = await createStore(type, theme);
      await cache.setStore(store);
      toast.success(t('create.done'));
    } catch (error) {
      toast.error(serverMessageOf(error) ?? t('create.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="store-section" aria-labelledby="store-create-title">
      <h2 id="store-create-title" className="store-section__title">
        {t('create.title')}
      </h2>
      <p className="store-section__lead">{t('create.lead')}</p>
      <form className="store-form" onSubmit={(event) => void create(event)}>
        <fieldset className="store-choices">
          <legend className="store-field__label">{t('create.type')}</legend>
          {STORE_TYPES.map((value) => (
            <label key={value} className="store-choice">
              <input type="radio" name="store-type" value={value} checked={type === value} onChange={() => setType(value)} />
              <span className="store-choice__name">{t(`type.${value}`)}</span>
              <span className="store-choice__help">{t(`type-help.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="store-choices">
          <legend className="store-field__label">{t('create.theme')}</legend>
          {STORE_THEMES.map((value) => (
            <label key={value} className={`store-choice store-choice--theme store-theme--${value}`}>
              <input type="radio" name="store-theme" value={value} checked={theme === value} onChange={() => setTheme(value)} />
              <span className="store-choice__name">{t(`theme.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="store-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t('create.creating') : t('create.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
