import { useTranslation } from 'react-i18next';

import type { EditorLink } from './active-protocol-source';

/**
 * Whether the protocol is being co-edited live, or the connection dropped (edits are kept and sent when
 * it is back). Nothing for plain requests: there is nothing to tell then.
 */
export function ConnectionStatus({ link = 'rest' }: { link?: EditorLink }) {
  const { t } = useTranslation('builder');
  if (link === 'rest') return null;
  return (
    <p className={`builder-connection builder-connection--${link}`} role="status">
      <span className="builder-connection__dot" aria-hidden="true" />
      {link === 'live' ? t('connection.live') : t('connection.offline')}
    </p>
  );
}
