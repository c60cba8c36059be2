import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../../lib/i18n';
import type { PractitionerProfile } from '../../../lib/session';
import { formatDate } from '../../../lib/format/date';
import { certificateStatusOf } from './journey';

/** Where the certificate stands: none, waiting for validation (since when), validated, or rejected. */
export function CertificateStatus({ profile }: { profile: PractitionerProfile }) {
  const { t } = useTranslation('onboarding');
  const language = useCurrentLanguage();
  const status = certificateStatusOf(profile);
  let text: string;
  if (status === 'pending') {
    text = profile.certificate_uploaded_at
      ? t('certificate.pending', { date: formatDate(profile.certificate_uploaded_at, language) })
      : t('certificate.pending-undated');
  } else {
    text = t(`certificate.${status}`);
  }
  return (
    <section className="onboarding-card" aria-labelledby="certificate-title">
      <h2 id="certificate-title">{t('certificate.title')}</h2>
      {/* A live region: the upload here and an admin's decision elsewhere both change it. */}
      <p role="status" className={`certificate-status certificate-status--${status}`} data-status={status}>
        {text}
      </p>
    </section>
  );
}
