import { useTranslation } from 'react-i18next';

import { Icon } from '../../../components/icons/icon';
import { useClients } from '../api/list-clients';
import type { ClientEntry } from '../api/types';

function clientName(client: ClientEntry): string {
  return `${client.first_name} ${client.last_name}`.trim() || client.email;
}

/** The practitioner's clients, newest first: who, their discount, how many protocols they were given. */
export function ClientsCard() {
  const { t } = useTranslation('practice');
  const { data, error, isLoading } = useClients(true);
  return (
    <section className="practice-card" aria-labelledby="practice-clients">
      <header className="practice-card__header">
        <Icon type="clients" />
        <h2 id="practice-clients">{t('clients.title')}</h2>
      </header>
      {isLoading && <p aria-busy="true">{t('loading')}</p>}
      {error !== undefined && !isLoading && <p role="alert">{t('clients.failed')}</p>}
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
    </section>
  );
}
