import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyedMutator } from 'swr';
import { useSWRConfig } from 'swr';

import type { Slot } from '../../../lib/schedule/slots';
import { checkIn } from '../api/check-in';
import { ADHERENCE_KEY } from '../api/keys';
import type { CheckInState, Day, DaySlot } from '../api/types';
import { failureMessage } from './failure-message';

/** The day as it is once `slot` is recorded as `state` for each of its protocols. */
export function withCheckIn(day: Day, slot: Slot, state: CheckInState): Day {
  return {
    ...day,
    slots: day.slots.map((entry) =>
      entry.slot === slot
        ? { ...entry, check_in: state, check_ins: entry.check_ins.map((checkInOf) => ({ ...checkInOf, state })) }
        : entry,
    ),
  };
}

export interface CheckInActions {
  /** Records `state` for every protocol of the slot: shown at once, undone with a message when refused. */
  record: (slot: DaySlot, state: CheckInState) => void;
  /** The slots whose calls are on their way. */
  busy: ReadonlySet<Slot>;
  /** Why a slot's last tap was not kept. */
  failures: Partial<Record<Slot, string>>;
}

/**
 * One tap checks a slot in: a `POST .../check-ins` per protocol of the slot (one after the other, so the last
 * answer holds them all), shown before the server answers. A refusal rolls the slot back and says why; a
 * protocol recorded before the refusal shows once the day is read again.
 */
export function useCheckIn(day: Day | undefined, mutate: KeyedMutator<Day>): CheckInActions {
  const { t } = useTranslation('today');
  const { mutate: revalidate } = useSWRConfig();
  const [busy, setBusy] = useState<ReadonlySet<Slot>>(new Set());
  const [failures, setFailures] = useState<Partial<Record<Slot, string>>>({});

  const setSlotBusy = (slot: Slot, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(slot);
      else next.delete(slot);
      return next;
    });

  const record = (slot: DaySlot, state: CheckInState) => {
    if (!day) return;
    const protocols = slot.check_ins.filter((entry) => entry.state !== state).map((entry) => entry.protocol_id);
    if (protocols.length === 0) return;
    const date = day.date;
    setFailures(({ [slot.slot]: _dropped, ...others }) => others);
    setSlotBusy(slot.slot, true);
    const send = async () => {
      let reply: Day | undefined;
      for (const protocolId of protocols) {
        reply = await checkIn({ date, slot: slot.slot, protocol_id: protocolId, state });
      }
      return reply;
    };
    void mutate(send, {
      optimisticData: (current) => withCheckIn(current ?? day, slot.slot, state),
      rollbackOnError: true,
      populateCache: true,
      revalidate: false,
    })
      .then(() => revalidate(ADHERENCE_KEY))
      .catch((error: unknown) => {
        const reason = failureMessage(error, '');
        setFailures((current) => ({
          ...current,
          [slot.slot]: reason ? t('slot.failed-because', { reason }) : t('slot.failed'),
        }));
        void mutate();
      })
      .finally(() => setSlotBusy(slot.slot, false));
  };

  return { record, busy, failures };
}
