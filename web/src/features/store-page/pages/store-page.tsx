import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { ApiError } from '../../../lib/api/http';
import { usePublicStore } from '../api/get-public-store';
import type { PublicStore, StoreTheme } from '../api/types';
import { HoursSection } from '../components/hours-section';
import { PackagesSection } from '../components/packages-section';
import { ProtocolsSection } from '../components/protocols-section';
import { ServicesSection } from '../components/services-section';
import { StoreHeader, storeTitle } from '../components/store-header';
import { StoreImage } from '../components/store-image';
import { StoreSection, StoreText } from '../components/store-section';
import './store-page.css';

const THEMES: readonly StoreTheme[] = ['classic', 'fresh', 'warm', 'calm', 'bold'];

/** The tab's title is the store's while the page shows it; the previous title comes back after. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function NotFound() {
  const { t } = useTranslation('store-page');
  return (
    <PageIntro title={t('not-found.title')}>
      <p className="page-intro__lead">{t('not-found.text')}</p>
      <LocalizedLink className="button" to="/products">
        {t('not-found.browse')}
      </LocalizedLink>
    </PageIntro>
  );
}

/** Every section the practitioner filled, in a reading order; an empty one (null) is left out. */
function Store({ store, shopName }: { store: PublicStore; shopName: string }) {
  const { t } = useTranslation('store-page');
  const theme = THEMES.includes(store.theme) ? store.theme : 'classic';
  const { about, approach, contact, message, practitioner } = store;
  return (
    <article className={`store-page store-page--${theme}`}>
      <StoreHeader store={store} />
      {about && (
        <StoreSection name="about" title={about.title || t('about.title')}>
          <div className="store-split">
            <StoreText text={about.description} />
            {about.image && (
              <StoreImage
                className="store-split__image"
                src={about.image}
                alt={t('about.image-alt', { title: about.title || t('about.title') })}
              />
            )}
          </div>
        </StoreSection>
      )}
      {(store.services_header || store.services.length > 0) && (
        <ServicesSection header={store.services_header} services={store.services} />
      )}
      {store.packages.length > 0 && <PackagesSection packages={store.packages} />}
      {store.protocols.length > 0 && (
        <ProtocolsSection shopName={shopName} practitionerName={practitioner.name} protocols={store.protocols} />
      )}
      {approach && (
        <StoreSection name="approach" title={approach.title || t('approach.title')}>
          <StoreText text={approach.description} />
          {(approach.image_1 || approach.image_2) && (
            <div className="store-approach__images">
              {[approach.image_1, approach.image_2].map((image, index) =>
                image ? (
                  <StoreImage
                    key={index}
                    className="store-approach__image"
                    src={image}
                    alt={t('approach.image-alt', { number: index + 1, title: approach.title || t('approach.title') })}
                  />
                ) : null,
              )}
            </div>
          )}
        </StoreSection>
      )}
      {contact && (
        <StoreSection name="contact" title={t('contact.title')}>
          <StoreText text={contact.description} />
        </StoreSection>
      )}
      {store.opening_hours.length > 0 && <HoursSection hours={store.opening_hours} timezone={store.timezone} />}
      {message && (
        <StoreSection name="message" title={t('message.title', { name: practitioner.name })}>
          <StoreText text={message} className="store-text store-message" />
        </StoreSection>
      )}
    </article>
  );
}

/**
 * `/{lang}/store/{shop_name}`: a practitioner's public store page, for anyone (signed out too). All
 * store texts are shown as text: React escapes them, nothing here renders HTML.
 */
export function StorePage() {
  const { t } = useTranslation('store-page');
  const shopName = useParams().shop_name ?? '';
  const { data, error, mutate } = usePublicStore(shopName || null);
  const notFound = !shopName || (error instanceof ApiError && error.status === 404);
  useDocumentTitle(data && !notFound ? storeTitle(data) : null);

  // A 404 wins over an older copy: the store was renamed or removed while it was open.
  if (notFound) return <NotFound />;

  if (!data) {
    return (
      <PageIntro title={t('title')}>
        {error ? (
          <div className="store-page__message" role="alert">
            <p>{t('error')}</p>
            <button type="button" className="button" onClick={() => void mutate()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <p className="store-page__message" aria-busy="true">
            {t('loading')}
          </p>
        )}
      </PageIntro>
    );
  }

  return <Store store={data} shopName={data.shop_name ?? shopName} />;
}
