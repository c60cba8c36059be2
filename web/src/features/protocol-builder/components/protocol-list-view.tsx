import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FIRST_PAGE, PROTOCOL_SORTS, type ProtocolSort } from '../api/keys';
import type { Protocol } from '../api/types';
import { useBuilder } from './builder-context';
import { ConfirmDrawer } from './drawer';
import { ProtocolCard } from './protocol-card';
import { useProtocolListData } from './protocol-list-data';
import { useDebouncedValue } from './use-debounced-value';
import { useProtocolActions } from './use-protocol-actions';

type Pending = { kind: 'delete' | 'duplicate'; protocol: Protocol } | null;

const SORT_LABELS = { default: 'list.sort-default', name_asc: 'list.sort-az', name_desc: 'list.sort-za' } as const;

function isSort(value: string): value is ProtocolSort {
  return (PROTOCOL_SORTS as readonly string[]).includes(value);
}

/**
 * Spec docs/spec-coverage.md#s2-panel-views-list-search: the protocols, searchable (500 ms after typing),
 * sorted and paged by 5.
 */
export function ProtocolListView() {
  const { t } = useTranslation('builder');
  const { dispatch, state } = useBuilder();
  const actions = useProtocolActions();
  const [text, setText] = useState('');
  const [sort, setSort] = useState<ProtocolSort>('default');
  const [page, setPage] = useState(FIRST_PAGE);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  // A double click on the drawer's confirm deletes or duplicates once.
  const inFlight = useRef(false);
  const query = useDebouncedValue(text);
  const data = useProtocolListData(query, sort, page);
  const searchId = useId();

  async function confirm() {
    if (!pending || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const id = pending.protocol.protocol_id;
    const done = pending.kind === 'delete' ? await actions.remove(id) : await actions.duplicate(id);
    inFlight.current = false;
    setBusy(false);
    if (done) setPending(null);
  }

  return (
    <section className="builder-view" aria-labelledby={`${searchId}-title`}>
      <div className="builder-view__head">
        <h2 id={`${searchId}-title`} className="builder-view__title">
          {t('list.title')}
        </h2>
        <button type="button" className="button" onClick={() => dispatch({ type: 'createStarted' })}>
          {t('list.create')}
        </button>
      </div>
      <div className="builder-list-tools">
        <label className="builder-field">
          <span>{t('list.search')}</span>
          <input
            type="search"
            value={text}
            maxLength={200}
            onChange={(event) => {
              setText(event.target.value);
              setPage(FIRST_PAGE);
            }}
          />
        </label>
        <label className="builder-field">
          <span>{t('list.sort')}</span>
          <select
            value={sort}
            onChange={(event) => {
              if (isSort(event.target.value)) setSort(event.target.value);
              setPage(FIRST_PAGE);
            }}
          >
            {PROTOCOL_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABELS[value])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data.failed ? (
        <div role="alert" className="builder-message">
          <p>{t('list.failed')}</p>
          <button type="button" className="button button--secondary" onClick={data.retry}>
            {t('ui.retry')}
          </button>
        </div>
      ) : data.loading && data.protocols.length === 0 ? (
        <p className="builder-message" aria-busy="true">
          {t('ui.loading')}
        </p>
      ) : data.protocols.length === 0 ? (
        <p className="builder-message">{query.trim() ? t('list.no-matches') : t('list.empty')}</p>
      ) : (
        <ul className="builder-cards" aria-label={t('list.title')}>
          {data.protocols.map((protocol) => (
            <li key={protocol.protocol_id}>
              <ProtocolCard
                protocol={protocol}
                actions={
                  <>
                    <button
                      type="button"
                      className="button"
                      aria-label={t('list.select-label', { name: protocol.name })}
                      aria-pressed={state.activeProtocolId === protocol.protocol_id}
                      onClick={() => actions.select(protocol)}
                    >
                      {t('list.select')}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('list.duplicate-label', { name: protocol.name })}
                      onClick={() => setPending({ kind: 'duplicate', protocol })}
                    >
                      {t('list.duplicate')}
                    </button>
                    <button
                      type="button"
                      className="text-button"
                      aria-label={t('list.delete-label', { name: protocol.name })}
                      onClick={() => setPending({ kind: 'delete', protocol })}
                    >
                      {t('list.delete')}
                    </button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {data.totalPages > 1 && (
        <nav className="builder-paging" aria-label={t('list.paging')}>
          <button type="button" className="button button--secondary" disabled={data.page <= FIRST_PAGE} onClick={() => setPage(data.page - 1)}>
            {t('list.previous')}
          </button>
          <span>{t('list.page-of', { page: data.page, pages: data.totalPages })}</span>
          <button type="button" className="button button--secondary" disabled={data.page >= data.totalPages} onClick={() => setPage(data.page + 1)}>
            {t('list.next')}
          </button>
        </nav>
      )}
      {pending && (
        <ConfirmDrawer
          title={pending.kind === 'delete' ? t('delete.title') : t('duplicate.title')}
          text={
            pending.kind === 'delete'
              ? t('delete.text', { name: pending.protocol.name })
              : t('duplicate.text', { name: pending.protocol.name })
          }
          confirmLabel={pending.kind === 'delete' ? t('delete.confirm') : t('duplicate.confirm')}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
