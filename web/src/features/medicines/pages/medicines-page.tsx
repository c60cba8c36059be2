import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { SLOTS, type Slot } from '../../../lib/schedule/slots';
import { useMedicines } from '../api/get-medicines';
import { MAX_MEDICINES } from '../api/keys';
import type { ClientMedicine, MedicineChoice } from '../api/types';
import { updateMedicines } from '../api/update-medicines';
import { ClientsOnly } from '../../../components/ui/clients-only';
import { failureMessage } from '../components/failure-message';
import { MedicineRow } from '../components/medicine-row';
import { MedicineSearch } from '../components/medicine-search';
import '../medicines.css';

function toggled(slots: readonly Slot[], slot: Slot): Slot[] {
  const next = slots.includes(slot) ? slots.filter((entry) => entry !== slot) : [...slots, slot];
  // In the day's order, as the server keeps them.
  return SLOTS.filter((entry) => next.includes(entry));
}

/**
 * The list being edited: the server's until the first change, then the client's own copy until it is saved
 * (a refusal keeps it, so nothing typed is lost).
 */
function MedicinesEditor() {
  const { t } = useTranslation('medicines');
  const { data, error, mutate } = useMedicines();
  const [draft, setDraft] = useState<ClientMedicine[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  if (!data) {
    return error ? (
      <div className="medicine-message" role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="button" onClick={() => void mutate()}>
          {t('retry')}
        </button>
      </div>
    ) : (
      <p className="medicine-message" aria-busy="true">
        {t('loading')}
      </p>
    );
  }

  const list = draft ?? data.medicines;
  const edit = (next: ClientMedicine[]) => {
    setDraft(next);
    setSaved(false);
  };
  const add = (choice: MedicineChoice) =>
    edit([...list, { id: choice.id, kind: choice.kind, name: choice.name, slots: [] }]);
  const remove = (id: string) => edit(list.filter((medicine) => medicine.id !== id));
  const toggle = (id: string, slot: Slot) =>
    edit(list.map((medicine) => (medicine.id === id ? { ...medicine, slots: toggled(medicine.slots, slot) } : medicine)));

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const reply = await updateMedicines({ medicines: list.map(({ id, slots }) => ({ id, slots })) });
      await mutate(reply, { revalidate: false });
      setDraft(null);
      setSaved(true);
    } catch (reason) {
      const message = failureMessage(reason, '');
      setFailure(message ? t('save-failed-because', { reason: message }) : t('save-failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <section className="medicine-list" aria-labelledby="medicines-list">
        <h2 id="medicines-list">{t('list.title')}</h2>
        {list.length === 0 ? (
          <p>{t('list.empty')}</p>
        ) : (
          <ul className="medicine-list__items" aria-labelledby="medicines-list">
            {list.map((medicine) => (
              <MedicineRow
                key={medicine.id}
                medicine={medicine}
                onToggle={(slot) => toggle(medicine.id, slot)}
                onRemove={() => remove(medicine.id)}
              />
            ))}
          </ul>
        )}
        <div className="medicine-actions">
          <button type="button" className="button" disabled={draft === null || saving} aria-busy={saving || undefined} onClick={() => void save()}>
            {t('save')}
          </button>
          {draft !== null && (
            <button
              type="button"
              className="button button--secondary"
              disabled={saving}
              onClick={() => {
                setDraft(null);
                setFailure(null);
              }}
            >
              {t('undo')}
            </button>
          )}
          {draft !== null && <span className="medicine-muted">{t('unsaved')}</span>}
        </div>
        <p role="status">{saved ? t('saved') : null}</p>
        {failure && <p role="alert" className="medicine-failure">{failure}</p>}
      </section>
      <MedicineSearch
        chosen={new Set(list.map((medicine) => medicine.id))}
        full={list.length >= MAX_MEDICINES}
        onAdd={add}
      />
    </>
  );
}

/**
 * `/{lang}/account/medicines`: the medicines the signed-in client takes and when, private to them and shown to
 * the practitioners whose protocols they have, so those are warned of interactions and spacing. Added from
 * the vocabulary, each with its times of day, saved as a whole list.
 */
export function MedicinesPage() {
  const { t } = useTranslation('medicines');
  return (
    <ClientsOnly
      texts={{
        title: t('title'),
        signedOut: t('signed-out'),
        signIn: t('sign-in'),
        clientsOnly: t('clients-only'),
        toAccount: t('to-account'),
      }}
    >
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
        <p className="medicine-privacy" role="note">
          {t('privacy')}
        </p>
        <p>
          <LocalizedLink to="/account/today">{t('to-today')}</LocalizedLink>
        </p>
      </PageIntro>
      <MedicinesEditor />
    </ClientsOnly>
  );
}
