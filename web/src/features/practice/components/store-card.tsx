import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { useOwnStore } from '../api/get-store';
import { HubCard } from './hub-card';

/** The practitioner's store page: whether there is one, its address, and the way to the editor. */
export function StoreCard() {
  const { t } = useTranslation('practice');
  const { data: store, error, isLoading } = useOwnStore(true);
  return (
    <HubCard
      icon="store"
      id="practice-store"
      title={t('store.title')}
      isLoading={isLoading}
      failure={error === undefined ? null : t('store.failed')}
    >
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
    </HubCard>
  );
}
