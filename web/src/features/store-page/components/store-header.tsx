import { useTranslation } from 'react-i18next';

import type { PublicStore, StoreType } from '../api/types';
import { StoreImage } from './store-image';
import { StoreText } from './store-section';

const TYPES: readonly StoreType[] = ['individual', 'clinic', 'online'];

/** The store's title: the header's, else the practitioner's name (the page always has an h1). */
export function storeTitle(store: PublicStore): string {
  return store.header?.title || store.practitioner.name;
}

/** The page's top: the kind of practice, the title as the page's h1, the description and banner. */
export function StoreHeader({ store }: { store: PublicStore }) {
  const { t } = useTranslation('store-page');
  const title = storeTitle(store);
  const { header } = store;
  return (
    <header className="store-hero">
      {header?.image && (
        <StoreImage eager className="store-hero__image" src={header.image} alt={t('header.image-alt', { name: title })} />
      )}
      <div className="store-hero__text">
        {TYPES.includes(store.type) && <p className="store-hero__type">{t(`type.${store.type}`)}</p>}
        <h1 className="store-hero__title">{title}</h1>
        {header && <StoreText text={header.description} className="store-text store-hero__lead" />}
        {header?.title && <p className="store-hero__by">{t('header.by', { name: store.practitioner.name })}</p>}
      </div>
    </header>
  );
}
