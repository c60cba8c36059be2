import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { USER_TYPES, useSession, type PractitionerProfile, type Profile } from '../../../lib/session';
import { onboardingSummary } from '../components/onboarding-summary';
import './account-page.css';

function isPractitionerProfile(profile: Profile | null): profile is PractitionerProfile {
  return profile !== null && 'milestones' in profile;
}

/** The practitioner's onboarding in two lines (n of m, the next step) and the way to the journey. */
function OnboardingCard() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const summary = isPractitionerProfile(profile) ? onboardingSummary(profile) : null;
  return (
    <section className="account-card account-card--onboarding" aria-labelledby="account-onboarding">
      <h2 id="account-onboarding">{t('account.onboarding-title')}</h2>
      {summary ? (
        <>
          <p className="account-card__figure">
            {t('account.onboarding-progress', { count: summary.reachedCount, total: summary.total })}
          </p>
          <p>{t(`account.onboarding-next.${summary.next}`)}</p>
        </>
      ) : (
        <p aria-busy="true">{t('loading')}</p>
      )}
      <LocalizedLink className="button" to="/onboarding">
        {t('account.onboarding-link')}
      </LocalizedLink>
    </section>
  );
}

function PractitionerHub() {
  const { t } = useTranslation();
  return (
    <>
      <OnboardingCard />
      <section className="account-card" aria-labelledby="account-practice">
        <h2 id="account-practice">{t('account.practice-title')}</h2>
        <p>{t('account.practice-text')}</p>
        <LocalizedLink className="button" to="/account/practitioner">
          {t('account.practice-link')}
        </LocalizedLink>
      </section>
      <section className="account-card" aria-labelledby="account-store">
        <h2 id="account-store">{t('account.store-title')}</h2>
        <p>{t('account.store-text')}</p>
        <LocalizedLink className="button button--secondary" to="/account/practitioner/store">
          {t('account.store-link')}
        </LocalizedLink>
      </section>
      <section className="account-card" aria-labelledby="account-protocols">
        <h2 id="account-protocols">{t('account.protocols-title')}</h2>
        <p>{t('account.protocols-text')}</p>
      </section>
    </>
  );
}

/** Admins are staff: they work in Django's admin (certificates, catalogue, users), not in the builder. */
function AdminHub() {
  const { t } = useTranslation();
  return (
    <section className="account-card" aria-labelledby="account-admin">
      <h2 id="account-admin">{t('account.admin-title')}</h2>
      <p>{t('account.admin-text')}</p>
      {/* A plain link: /admin/ is the server's, outside the app and its language prefix. */}
      <a className="button" href="/admin/">
        {t('account.admin-link')}
      </a>
    </section>
  );
}

function ClientHub() {
  const { t } = useTranslation();
  return (
    <>
      <section className="account-card" aria-labelledby="account-client-protocols">
        <h2 id="account-client-protocols">{t('account.client-protocols')}</h2>
        <p>{t('account.client-protocols-text')}</p>
        <LocalizedLink className="button" to="/account/client/protocols">
          {t('account.client-protocols')}
        </LocalizedLink>
      </section>
      <section className="account-card" aria-labelledby="account-today">
        <h2 id="account-today">{t('account.today')}</h2>
        <p>{t('account.today-text')}</p>
        <LocalizedLink className="button" to="/account/today">
          {t('account.today')}
        </LocalizedLink>
      </section>
      <section className="account-card" aria-labelledby="account-medicines">
        <h2 id="account-medicines">{t('account.medicines')}</h2>
        <p>{t('account.medicines-text')}</p>
        <LocalizedLink className="button button--secondary" to="/account/medicines">
          {t('account.medicines')}
        </LocalizedLink>
      </section>
      <section className="account-card" aria-labelledby="account-refills">
        <h2 id="account-refills">{t('account.refills')}</h2>
        <p>{t('account.refills-text')}</p>
        <LocalizedLink className="button button--secondary" to="/account/refills">
          {t('account.refills')}
        </LocalizedLink>
      </section>
    </>
  );
}

/**
 * `/{lang}/account`: the account hub by role. Practitioners see their onboarding progress, the way to
 * their practice hub, their store page and where protocols live; clients their protocols, their day (the
 * Today page), their medicines and automatic refills; admins the way to the admin; everyone signed in the
 * cart, the wishlist and their orders.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { tokens, user } = useSession();

  if (!tokens || !user) {
    return (
      <PageIntro title={t('account.title')}>
        <p className="page-intro__lead">{t('account.signed-out')}</p>
        <LocalizedLink className="button" to={`/login?next=${encodeURIComponent('/account')}`}>
          {t('account.sign-in')}
        </LocalizedLink>
      </PageIntro>
    );
  }

  const hub =
    user.userTypeId === USER_TYPES.CLIENT ? (
      <ClientHub />
    ) : user.userTypeId === USER_TYPES.ADMIN ? (
      <AdminHub />
    ) : (
      <PractitionerHub />
    );
  return (
    <>
      <PageIntro title={t('account.title')} />
      <div className="account-hub">
        {hub}
        <section className="account-card" aria-labelledby="account-shopping">
          <h2 id="account-shopping">{t('account.shopping-title')}</h2>
          <ul className="account-card__links">
            <li>
              <LocalizedLink to="/cart">{t('account.cart')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/wishlist">{t('account.wishlist')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/account/orders">{t('account.orders')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/account/stock-alerts">{t('account.stock-alerts')}</LocalizedLink>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
