import { useTranslation } from 'react-i18next';

import { USER_TYPES } from '../../../lib/session';

/** The translated name of a user type (spec: docs/spec-coverage.md#s6-user-types). */
export function useUserTypeLabel() {
  const { t } = useTranslation('auth');
  return (userTypeId: number | null | undefined): string => {
    switch (userTypeId) {
      case USER_TYPES.ADMIN:
        return t('user-types.admin');
      case USER_TYPES.CERTIFIED_PRACTITIONER:
        return t('user-types.certified-practitioner');
      case USER_TYPES.PRACTITIONER:
        return t('user-types.practitioner');
      default:
        return t('user-types.client');
    }
  };
}

/** "First Last", else the e-mail address, else nothing (before the profile has loaded). */
export function displayName(user: { firstName: string | null; lastName: string | null; email: string | null }): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email || '';
}
