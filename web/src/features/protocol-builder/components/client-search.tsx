import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useClientSearch } from '../api/search-clients';
import type { Client } from '../api/types';
import { SHARE_TOASTS } from '../builder-messages';
import { canSearchClients } from '../share/share-form-rules';
import { builderToast } from './builder-toast-store';
import { useDebouncedValue } from './use-debounced-value';

interface ClientSearchProps {
  text: string;
  onText: (text: string) => void;
  onPick: (client: Client) => void;
}

/**
 * Spec docs/spec-coverage.md#s5-client-search-starts-above,
 * docs/spec-coverage.md#s8-client-search-no-results: searches the practitioner's clients after more than 2
 * characters, 500 ms after typing.
 */
export function ClientSearch({ text, onText, onPick }: ClientSearchProps) {
  const { t } = useTranslation('builder');
  const keyword = useDebouncedValue(text);
  const { data, error, isLoading } = useClientSearch(keyword);
  const resultsId = useId();
  const searching = canSearchClients(keyword) && text.trim() !== '';

  useEffect(() => {
    if (error) builderToast.error(t(SHARE_TOASTS.clientsFailed));
  }, [error, t]);

  return (
    <div className="builder-client-search">
      <div className="builder-field">
        <label htmlFor={`${resultsId}-input`}>{t('share.search-clients')}</label>
        <input
          id={`${resultsId}-input`}
          type="search"
          value={text}
          maxLength={200}
          aria-describedby={`${resultsId}-hint`}
          onChange={(event) => onText(event.target.value)}
        />
        <p id={`${resultsId}-hint`} className="builder-hint">
          {t('share.search-hint')}
        </p>
      </div>
      {searching && (
        <div id={resultsId} aria-live="polite">
          {error ? (
            <p className="builder-field__error">{t(SHARE_TOASTS.clientsFailed)}</p>
          ) : isLoading && !data ? (
            <p aria-busy="true">{t('ui.loading')}</p>
          ) : data && data.length === 0 ? (
            <p>{t(SHARE_TOASTS.noClient)}</p>
          ) : (
            <ul className="builder-client-results" aria-label={t('share.results')}>
              {(data ?? []).map((client) => (
                <li key={client.id}>
                  <span>{t('share.client-name', { first: client.first_name, last: client.last_name, email: client.email })}</span>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t('share.pick-label', { email: client.email })}
                    onClick={() => onPick(client)}
                  >
                    {t('share.pick')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
