import { useTranslation } from 'react-i18next';

const STATES = ['awaiting_payment', 'paid', 'fulfilled', 'delivered', 'cancelled', 'refunded', 'partially_refunded'] as const;
type State = (typeof STATES)[number];

function isState(value: string): value is State {
  return (STATES as readonly string[]).includes(value);
}

/** An order state in the buyer's words; a state this app does not know yet shows as sent. */
export function useStateLabel() {
  const { t } = useTranslation('orders');
  return (state: string) => (isState(state) ? t(`state.${state}`) : state);
}

export function OrderState({ state }: { state: string }) {
  const label = useStateLabel();
  return <span className={`order-state order-state--${state}`}>{label(state)}</span>;
}
