import { useTranslation } from 'react-i18next';

import type { StorePackage } from '../api/types';
import { StoreImage } from './store-image';
import { StoreSection, StoreText } from './store-section';

/** The packages, in the practitioner's order: picture, name, description, price as written, features. */
export function PackagesSection({ packages }: { packages: StorePackage[] }) {
  const { t } = useTranslation('store-page');
  const ordered = [...packages].sort((a, b) => a.order - b.order);
  return (
    <StoreSection name="packages" title={t('packages.title')}>
      <ul className="store-cards">
        {ordered.map((item) => (
          <li key={item.id} className="store-card store-package" data-package-id={item.id}>
            {item.image && <StoreImage className="store-card__image" src={item.image} alt={item.name} />}
            <h3 className="store-card__title">{item.name}</h3>
            <StoreText text={item.description} />
            {item.price && <p className="store-package__price">{t('packages.price', { price: item.price })}</p>}
            {item.features.length > 0 && (
              <ul className="store-package__features" aria-label={t('packages.features', { name: item.name })}>
                {item.features.map((feature) => (
                  <li key={feature.feature_id}>{feature.text}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </StoreSection>
  );
}
