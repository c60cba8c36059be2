import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { DialogFrame } from './drawer';

interface RedirectNoticeProps {
  /** The in-app path (without the language) the user is about to be taken to. */
  to: string;
  onCancel: () => void;
}

/**
 * The redirect-notice modal (spec: docs/spec-coverage.md#s2-redirect-notice-modal): the builder lives beside
 * the page, so before it takes the practitioner to another page (the protocol's own page) it says so and lets
 * them stay where they are.
 */
export function RedirectNotice({ to, onCancel }: RedirectNoticeProps) {
  const { t } = useTranslation('builder');
  const navigate = useNavigate();
  const language = useCurrentLanguage();
  return (
    <DialogFrame variant="modal" title={t('redirect.title')} description={t('redirect.text')} onClose={onCancel}>
      <div className="builder-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            onCancel();
            void navigate(localizePath(to, language));
          }}
        >
          {t('redirect.continue')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('redirect.stay')}
        </button>
      </div>
    </DialogFrame>
  );
}
