import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { CertificateForm } from './certificate-form';
import type { Journey } from './journey';

/**
 * "What comes next", highlighted: the first unreached milestone the practitioner can act on, with a
 * short explanation and what to do about it. A certificate waiting for an admin has nothing to do but
 * wait (the page follows `profile.updated`); a rejected one is uploaded again.
 */
export function NextStep({ journey }: { journey: Journey }) {
  const { t } = useTranslation('onboarding');
  const { next, certificate } = journey;

  if (!next) {
    return (
      <section className="next-step next-step--done" aria-labelledby="next-step-title">
        <h2 id="next-step-title">{t('journey.done')}</h2>
      </section>
    );
  }

  let body;
  switch (next.action) {
    case 'certificate':
      body = (
        <>
          <p>{t('next.certificate')}</p>
          <CertificateForm />
        </>
      );
      break;
    case 'validation':
      body =
        certificate === 'rejected' ? (
          <>
            <p>{t('next.rejected')}</p>
            <CertificateForm />
          </>
        ) : (
          <p>{t('next.pending')}</p>
        );
      break;
    case 'order':
    case 'payout':
      body = (
        <>
          <p>{t(`next.${next.action}`)}</p>
          <LocalizedLink className="button" to="/account/practitioner/earnings">
            {t('next.to-earnings')}
          </LocalizedLink>
        </>
      );
      break;
    default:
      body = (
        <>
          <p>{t(`next.${next.action === 'protocol' ? 'protocol' : next.action === 'share' ? 'share' : 'invite'}`)}</p>
          <LocalizedLink className="button" to="/products">
            {t('next.to-shop')}
          </LocalizedLink>
        </>
      );
  }

  return (
    <section className="next-step" aria-labelledby="next-step-title" data-next={next.name}>
      <h2 id="next-step-title">{t('next.title', { step: t(`milestones.${next.name}`) })}</h2>
      {body}
    </section>
  );
}
