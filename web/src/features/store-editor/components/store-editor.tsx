import { useTranslation } from 'react-i18next';

import { isNoStore, useStore } from '../api/get-store';
import { ContactSection } from './contact-section';
import { CreateStoreStep } from './create-store-step';
import { HoursSection } from './hours-section';
import { MessageSection } from './message-section';
import { PackagesSection } from './package-list';
import { SectionImages } from './section-images';
import { ServiceList } from './service-list';
import { SettingsSection } from './settings-section';
import { ShopNameSection } from './shop-name-section';
import { TitledSection } from './titled-section';

/** The editor of the signed-in practitioner's store: the create step first when there is none yet. */
export function StoreEditor() {
  const { t } = useTranslation('store-editor');
  const { data: store, error, mutate } = useStore(true);

  if (!store) {
    if (isNoStore(error)) return <CreateStoreStep />;
    if (error) {
      return (
        <div className="store-message" role="alert">
          <p>{t('load.error')}</p>
          <button type="button" className="button" onClick={() => void mutate()}>
            {t('load.retry')}
          </button>
        </div>
      );
    }
    return (
      <p className="store-message" aria-busy="true">
        {t('load.loading')}
      </p>
    );
  }

  return (
    <div className="store-editor">
      <ShopNameSection store={store} />
      <TitledSection
        store={store}
        section="header"
        title={t('header.title')}
        lead={t('header.lead')}
        after={<SectionImages store={store} section="header" />}
      />
      <TitledSection
        store={store}
        section="about"
        title={t('about.title')}
        lead={t('about.lead')}
        after={<SectionImages store={store} section="about" />}
      />
      <TitledSection
        store={store}
        section="services_header"
        title={t('services.title')}
        lead={t('services.lead')}
        after={<ServiceList store={store} />}
      />
      <PackagesSection store={store} />
      <ContactSection store={store} />
      <HoursSection store={store} />
      <TitledSection
        store={store}
        section="approach"
        title={t('approach.title')}
        lead={t('approach.lead')}
        after={<SectionImages store={store} section="approach" />}
      />
      <MessageSection store={store} />
      <SettingsSection store={store} />
    </div>
  );
}
