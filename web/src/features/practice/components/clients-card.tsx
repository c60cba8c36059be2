import { useTranslation } from 'react-i18next';

import { useClients } from '../api/list-clients';
import type { ClientEntry } from '../api/types';
import { HubCard } from './hub-card';

/** A client as the hub names them: their name, else their e-mail address. */
export function clientName(client: ClientEntry): string {
  return `${client.first_name} ${client.last_name}`.trim() || client.email;
}

/** The practitioner's clients, newest first: who, their discount, how many protocols they were given. */
export function ClientsCard() {
  const { t } = useTranslation('practice');
  const { data, error, isLoading } = useClients(true);
  return (
    <HubCard
      icon="clients"
      id="practice-clients"
      title={t('clients.title')}
      isLoading={isLoading}
      failure={error === undefined ? null : t('clients.failed')}
    >
      {data && (
        <>
          <p className="practice-card__figure">{t('clients.count', { count: data.total_results })}</p>
          {data.data.length === 0 ? (
            <p>{t('clients.empty')}</p>
          ) : (
            <ul className="practice-list" aria-label={t('clients.title')}>
              {data.data.map((client) => (
                <li key={client.id} className="practice-list__item">
                  <span className="practice-list__name">{clientName(client)}</span>
                  <span className="practice-list__meta">{client.email}</span>
                  <span className="practice-list__meta">
                    {t('clients.discount', { rate: Number.parseFloat(client.discount_rate) })}
                    {' · '}
                    {t('clients.protocols', { count: client.protocols_shared })}
                    {!client.active && ` · ${t('clients.invited')}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </HubCard>
  );
}
