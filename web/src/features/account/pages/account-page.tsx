import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { USER_TYPES, useSession } from '../../../lib/session';

export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <PageIntro title={t('account.title')}>
      <p className="page-intro__lead">{t('account.text')}</p>
      {user?.userTypeId === USER_TYPES.CLIENT && (
        <LocalizedLink className="button" to="/account/client/protocols">
          {t('account.client-protocols')}
        </LocalizedLink>
      )}
    </PageIntro>
  );
}
