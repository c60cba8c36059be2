import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PAYOUT_METHODS, STORE_THEMES, STORE_TYPES, type PayoutMethod, type Store, type StoreTheme, type StoreType } from '../api/types';
import { updateStore } from '../api/update-store';
import { SelectField } from './fields';
import { SectionForm } from './section-form';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';

function settingsOf(store: Store) {
  return {
    type: store.type,
    theme: store.theme,
    show_protocols: store.show_protocols,
    payout_method: store.payout_method,
  };
}

/** The store's type and theme, whether its page lists shareable protocols, and the payout method. */
export function SettingsSection({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const sectionName = t('settings.title');
  const { draft, dirty, patch, commit } = useDraft(settingsOf(store));
  const { saving, errors, run } = useSave(sectionName);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();

  const save = async () => {
    const saved = await run(() => updateStore(draft));
    if (saved) {
      commit(settingsOf(saved));
      await cache.setStore(saved);
    }
  };

  return (
    <SectionForm title={sectionName} lead={t('settings.lead')} dirty={dirty} saving={saving} onSave={() => void save()}>
      <div className="store-form__row">
        <SelectField
          id="store-type"
          label={t('settings.type')}
          value={draft.type}
          options={STORE_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          error={errorOf('type')}
          onChange={(value) => patch({ type: value as StoreType })}
        />
        <SelectField
          id="store-theme"
          label={t('settings.theme')}
          value={draft.theme}
          options={STORE_THEMES.map((value) => ({ value, label: t(`theme.${value}`) }))}
          error={errorOf('theme')}
          onChange={(value) => patch({ theme: value as StoreTheme })}
        />
      </div>
      <div className="store-field store-field--check">
        <input
          id="store-show-protocols"
          type="checkbox"
          checked={draft.show_protocols}
          aria-describedby="store-show-protocols-help"
          onChange={(event) => patch({ show_protocols: event.target.checked })}
        />
        <label htmlFor="store-show-protocols">{t('settings.show-protocols')}</label>
        <p id="store-show-protocols-help" className="store-field__help">
          {t('settings.show-protocols-help')}
        </p>
      </div>
      <SelectField
        id="store-payout"
        label={t('settings.payout')}
        help={t('settings.payout-help')}
        value={draft.payout_method}
        options={PAYOUT_METHODS.map((value) => ({ value, label: t(`payout.${value}`) }))}
        error={errorOf('payout_method')}
        onChange={(value) => patch({ payout_method: value as PayoutMethod })}
      />
      <p className="store-field__help">
        <LocalizedLink to="/account/practitioner/earnings">{t('settings.payout-details')}</LocalizedLink>
      </p>
    </SectionForm>
  );
}
