import { formatMoney } from '../../../lib/format/money';
import type { EarningsShare } from '../api/types';

/**
 * The largest earners of one kind (clients or protocols), largest first, each with its amount and a bar
 * as long as its share of the largest (the bar is decoration: the amount says it).
 */
export function RankedList({
  id,
  title,
  entries,
  currency,
  empty,
  unnamed,
}: {
  id: string;
  title: string;
  entries: readonly EarningsShare[];
  currency: string;
  empty: string;
  unnamed: string;
}) {
  const largest = Math.max(...entries.map((entry) => Math.abs(Number.parseFloat(entry.earned) || 0)), 0);
  return (
    <section className="earnings-card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {entries.length === 0 ? (
        <p className="earnings-muted">{empty}</p>
      ) : (
        <ol className="earnings-ranking" aria-labelledby={id}>
          {entries.map((entry, index) => {
            const amount = Number.parseFloat(entry.earned) || 0;
            const share = largest > 0 ? Math.max(0, (amount / largest) * 100) : 0;
            return (
              <li key={`${String(entry.id)}-${String(index)}`} className="earnings-ranking__item">
                <span className="earnings-ranking__name">{entry.name || unnamed}</span>
                <span className="earnings-ranking__amount">{formatMoney(entry.earned, currency)}</span>
                <span className="earnings-ranking__bar" aria-hidden="true">
                  <span style={{ width: `${share.toFixed(1)}%` }} />
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
