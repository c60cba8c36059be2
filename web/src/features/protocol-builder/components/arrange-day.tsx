import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SLOTS } from '../../../lib/schedule/slots';
import { arrangeProtocol } from '../api/arrange-protocol';
import type { ArrangeReply, Protocol, ProtocolProduct, ScheduleSlots } from '../api/types';
import { slotServings, type SchedulePatch } from '../state/schedule';
import { builderToast } from './builder-toast-store';
import type { WarningNames } from './day-warning-names';
import { failureMessage } from './failure-message';
import { useLineActions } from './use-line-actions';

/** A line "Arrange the day" moves: from the slots the editor shows now to the proposed ones. */
interface Move {
  product: ProtocolProduct;
  to: ScheduleSlots;
}

function sameSlots(a: ScheduleSlots, b: ScheduleSlots): boolean {
  return SLOTS.every((slot) => slotServings(a, slot) === slotServings(b, slot));
}

/** The lines the proposal moves that the editor still has, and whose day is not the proposed one already. */
function movesOf(reply: ArrangeReply, protocol: Protocol): Move[] {
  return reply.lines.flatMap((line) => {
    const product = protocol.products.find((item) => item.product_variant_id === line.product_variant_id);
    if (!line.moved || !product || sameSlots(product.schedule.slots, line.schedule.slots)) return [];
    return [{ product, to: line.schedule.slots }];
  });
}

/** Every slot of the day: the proposed servings, 0 for the slots the line leaves. */
function slotsPatch(to: ScheduleSlots): SchedulePatch {
  return { slots: Object.fromEntries(SLOTS.map((slot) => [slot, slotServings(to, slot)])) };
}

/**
 * "Arrange the day" (docs/api.md, "Medicines, spacing and interaction warnings"): the server proposes the
 * slots that keep the most spacing rules; the proposal lists each line it moves ("Breakfast → Lunch") and
 * what no arrangement keeps. "Apply" writes each moved line's slots through the grid's own action (the live
 * document in live mode, a PUT over REST); nothing changes until then.
 */
export function ArrangeDay({ protocol, names }: { protocol: Protocol; names: WarningNames }) {
  const { t } = useTranslation('builder');
  const actions = useLineActions();
  const [asking, setAsking] = useState(false);
  const [applying, setApplying] = useState(false);
  const [proposal, setProposal] = useState<ArrangeReply | null>(null);
  const cannotId = useId();

  async function ask() {
    setAsking(true);
    try {
      setProposal(await arrangeProtocol(protocol.protocol_id));
    } catch (error) {
      builderToast.error(failureMessage(error, t));
    } finally {
      setAsking(false);
    }
  }

  async function apply(moves: readonly Move[]) {
    setApplying(true);
    // Each write shows its own toast when it fails (use-line-actions); the others still apply.
    await Promise.allSettled(moves.map((move) => actions.setSchedule(move.product.product_variant_id, slotsPatch(move.to))));
    setApplying(false);
    setProposal(null);
  }

  if (!proposal) {
    return (
      <div className="builder-actions">
        <button type="button" className="button button--secondary" disabled={asking} aria-busy={asking} onClick={() => void ask()}>
          {t('warnings.arrange')}
        </button>
      </div>
    );
  }

  const moves = movesOf(proposal, protocol);
  return (
    <div className="day-arrange" role="group" aria-label={t('warnings.proposal')}>
      <p className="day-arrange__title">{t('warnings.proposal')}</p>
      {moves.length === 0 ? (
        <p>{t('warnings.nothing-to-move')}</p>
      ) : (
        <ul className="day-arrange__moves" aria-label={t('warnings.moves')}>
          {moves.map(({ product, to }) => (
            <li key={product.product_variant_id}>
              {t('warnings.move', { name: product.name, from: names.slots(product.schedule.slots), to: names.slots(to) })}
            </li>
          ))}
        </ul>
      )}
      {proposal.cannot.length > 0 && (
        <>
          <p id={cannotId}>{t('warnings.cannot')}</p>
          <ul className="day-arrange__cannot" aria-labelledby={cannotId}>
            {proposal.cannot.map((warning) => (
              <li key={[warning.rule_id, ...warning.lines, ...warning.medicines].join('|')}>
                {t('warnings.cannot-item', {
                  names: names.list([...names.products(warning.lines), ...names.medicines(warning.medicines)]),
                  advice: warning.advice,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="builder-actions">
        {moves.length > 0 && (
          <button type="button" className="button" disabled={applying} onClick={() => void apply(moves)}>
            {t('warnings.apply')}
          </button>
        )}
        <button type="button" className="button button--secondary" disabled={applying} onClick={() => setProposal(null)}>
          {moves.length > 0 ? t('ui.cancel') : t('ui.close')}
        </button>
      </div>
    </div>
  );
}
