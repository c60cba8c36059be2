import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { SignInIntro } from '../../../components/ui/sign-in-intro';
import { RoleGate, USER_TYPES, useSession } from '../../../lib/session';
import { StoreEditor } from '../components/store-editor';
import './store-editor.css';

/**
 * Spec docs/spec-coverage.md#s6-practitioner-features: the store is a practitioner feature (certified and
 * plain practitioners).
 */
export const STORE_TYPES_ALLOWED: readonly number[] = [USER_TYPES.CERTIFIED_PRACTITIONER, USER_TYPES.PRACTITIONER];

/**
 * `/{lang}/account/practitioner/store`: the practitioner's store editor (spec:
 * docs/spec-coverage.md#s2-store-editor-sections-header).
 */
export function StoreEditorPage() {
  const { t } = useTranslation('store-editor');
  const { tokens } = useSession();

  if (!tokens) {
    return <SignInIntro title={t('title')} lead={t('signed-out')} signIn={t('sign-in')} />;
  }

  return (
    <RoleGate
      allowed={STORE_TYPES_ALLOWED}
      fallback={
        <PageIntro title={t('title')}>
          <p className="page-intro__lead">{t('practitioners-only')}</p>
          <LocalizedLink className="button" to="/products">
            {t('browse')}
          </LocalizedLink>
        </PageIntro>
      }
    >
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
      </PageIntro>
      <StoreEditor />
    </RoleGate>
  );
}
