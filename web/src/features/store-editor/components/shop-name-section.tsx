import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import type { Store } from '../api/types';
import { updateStore } from '../api/update-store';
import { TextField } from './fields';
import { SectionForm } from './section-form';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useShopNameCheck, type NameCheck } from './use-shop-name-check';
import { useStoreCache } from './use-store-cache';

export const MAX_SHOP_NAME = 40;
/** server/stores/names.py SHOP_NAME: 3 to 40 of a-z and digits, single hyphens inside; compared lower-cased. */
const SHOP_NAME = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,38}[a-z0-9]$/;

/** Blank is allowed (it takes the page offline); anything else must have the shape the server accepts. */
export function isShopNameShaped(value: string): boolean {
  const name = value.trim().toLowerCase();
  return name === '' || SHOP_NAME.test(name);
}

function CheckStatus({ check, id }: { check: NameCheck; id: string }) {
  const { t } = useTranslation('store-editor');
  let text = '';
  let tone = 'neutral';
  if (check.state === 'checking') text = t('shop-name.checking');
  else if (check.state === 'error') text = t('shop-name.check-failed');
  else if (check.state === 'done') {
    if (check.result.available) {
      text = t('shop-name.available', { name: check.result.name });
      tone = 'good';
    } else {
      text = t(`shop-name.${check.result.reason ?? 'taken'}`, { name: check.result.name });
      tone = 'bad';
    }
  }
  return (
    <p id={id} className={`store-name-check store-name-check--${tone}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** The shop name (the public page's address) with its availability checked as it is typed. */
export function ShopNameSection({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const sectionName = t('shop-name.title');
  const { draft, dirty, patch, commit } = useDraft({ shop_name: store.shop_name ?? '' });
  const { saving, errors, run } = useSave(sectionName);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();
  const check = useShopNameCheck(draft.shop_name, store.shop_name);
  const refused = check.state === 'done' && !check.result.available;

  const save = async () => {
    const saved = await run(() => updateStore({ shop_name: draft.shop_name.trim() }));
    if (saved) {
      commit({ shop_name: saved.shop_name ?? '' });
      await cache.setStore(saved);
    }
  };

  return (
    <SectionForm
      title={sectionName}
      lead={t('shop-name.lead')}
      dirty={dirty}
      saving={saving}
      blocked={refused}
      onSave={() => void save()}
      after={
        store.shop_name ? (
          <p className="store-section__link">
            <LocalizedLink to={`/store/${store.shop_name}`}>{t('shop-name.view')}</LocalizedLink>
          </p>
        ) : (
          <p className="store-field__help">{t('shop-name.no-page')}</p>
        )
      }
    >
      <TextField
        id="store-shop-name"
        label={t('shop-name.label')}
        value={draft.shop_name}
        maxLength={MAX_SHOP_NAME}
        spellCheck={false}
        help={t('shop-name.help')}
        error={errorOf('shop_name')}
        validate={(value) => (isShopNameShaped(value) ? undefined : t('field-error.invalid'))}
        onChange={(value) => patch({ shop_name: value })}
      />
      <CheckStatus check={check} id="store-shop-name-check" />
      {store.shop_name && draft.shop_name.trim() === '' && (
        <p className="store-field__error" role="alert">
          {t('shop-name.offline-warning')}
        </p>
      )}
    </SectionForm>
  );
}
