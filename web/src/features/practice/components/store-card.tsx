import { useTranslation } from 'react-i18next';

import { Icon } from '../../../components/icons/icon';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { useOwnStore } from '../api/get-store';

/** The practitioner's store page: whether there is one, its address, and the way to the editor. */
export function StoreCard() {
  const { t } = useTranslation('practice');
  const { data: store, error, isLoading } = useOwnStore(true);
  return (
    <section className="practice-card" aria-labelledby="practice-store">
      <header className="practice-card__header">
        <Icon type="store" />
        <h2 id="practice-store">{t('store.title')}</h2>
      </header>
      {isLoading && <p aria-busy="true">{t('loading')}</p>}
      {error !== undefined && !isLoading && <p role="alert">{t('store.failed')}</p>}
      {store === null && (
        <>
          <p>{t('store.none')}</p>
          <LocalizedLink className="button" to="/account/practitioner/store">
            {t('store.create')}
          </LocalizedLink>
        </>
      )}
      {store && (
        <>
          {store.shop_path ? (
            <p>
              {t('store.live')}{' '}
              <LocalizedLink to={store.shop_path}>{store.shop_name}</LocalizedLink>
            </p>
          ) : (
            <p>{t('store.no-name')}</p>
          )}
          <p className="practice-card__figure">
            {t('store.sections', { services: store.services.length, packages: store.packages.length })}
          </p>
          <LocalizedLink className="button button--secondary" to="/account/practitioner/store">
            {t('store.edit')}
          </LocalizedLink>
        </>
      )}
    </section>
  );
}
