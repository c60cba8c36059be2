import { useTranslation } from 'react-i18next';

import { Icon } from '../../../components/icons/icon';
import type { StoreSection as Header, StoreService } from '../api/types';
import { StoreSection, StoreText } from './store-section';

/** The services, in the practitioner's order, under the services header (or a plain "Services"). */
export function ServicesSection({ header, services }: { header: Header | null; services: StoreService[] }) {
  const { t } = useTranslation('store-page');
  const ordered = [...services].sort((a, b) => a.order - b.order);
  return (
    <StoreSection name="services" title={header?.title || t('services.title')}>
      {header && <StoreText text={header.description} className="store-text store-section__lead" />}
      {ordered.length > 0 && (
        <ul className="store-services">
          {ordered.map((service) => (
            <li key={service.id} className="store-service" data-service-id={service.id}>
              <span className="store-service__icon">
                <Icon type={service.icon} />
              </span>
              <div>
                <h3 className="store-service__name">{service.name}</h3>
                <StoreText text={service.description} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </StoreSection>
  );
}
