import { useTranslation } from 'react-i18next';

import type { EditorPresence } from './active-protocol-source';

/** Who else is editing this protocol now (the live editor fills it; the REST one never does). */
export function PresenceList({ presence }: { presence: readonly EditorPresence[] }) {
  const { t } = useTranslation('builder');
  if (presence.length === 0) return null;
  return (
    <div className="builder-presence">
      <span>{t('presence.label')}</span>
      <ul aria-label={t('presence.label')}>
        {presence.map((person) => (
          <li key={person.id}>{person.name}</li>
        ))}
      </ul>
    </div>
  );
}
