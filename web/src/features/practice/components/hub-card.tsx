import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon, type RoundIconType } from '../../../components/icons/icon';

interface HubCardProps {
  icon: RoundIconType;
  /** The heading's id, which names the card's region. */
  id: string;
  title: string;
  isLoading: boolean;
  /** Shown, as an alert, when the card's call failed. */
  failure: string | null;
  /** Spans the whole row of the hub's grid (a card with a long list). */
  wide?: boolean;
  children: ReactNode;
}

/** One card of the practice hub: its round icon and title, then loading, the failure or its content. */
export function HubCard({ icon, id, title, isLoading, failure, wide = false, children }: HubCardProps) {
  const { t } = useTranslation('practice');
  return (
    <section className={wide ? 'practice-card practice-card--wide' : 'practice-card'} aria-labelledby={id}>
      <header className="practice-card__header">
        <Icon type={icon} />
        <h2 id={id}>{title}</h2>
      </header>
      {isLoading && <p aria-busy="true">{t('loading')}</p>}
      {failure !== null && !isLoading && <p role="alert">{failure}</p>}
      {children}
    </section>
  );
}
