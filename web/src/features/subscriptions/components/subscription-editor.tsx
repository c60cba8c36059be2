import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { fieldId } from '../../../components/ui/address-fields';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatDay } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import { ADDRESS_FIELDS } from '../../../lib/shipping/address-rules';
import { countryName } from '../../../lib/shipping/country-names';
import { toast } from '../../../lib/toast/toast-store';
import type { Address, LineChange, Subscription, SubscriptionChange } from '../api/types';
import { updateSubscription } from '../api/update-subscription';
import { tomorrow } from './dates';
import { addressValuesOf, DeliveryFields, useDelivery } from './delivery-fields';
import { IntervalField, intervalOf, type IntervalDraft } from './interval-field';
import { LineQuantity } from './line-quantity';
import { readRefusal } from './refusal';

interface LineEdit {
  quantity?: number;
  refuse?: boolean;
}

/** Whether the refill follows the doses' interval (not one the client chose, even if the same days). */
const followsDoses = (subscription: Subscription) => !subscription.interval_custom;

/**
 * What the client may change of a live refill: each line's quantity and whether a sold-out line's substitute
 * is sent, the interval, the next date, the address and the method. Only what changed is sent (`PUT`); the
 * lines go as the whole list, which is how the server takes them. The page's copy from the server stays
 * what is shown where nothing was touched, so a change from another device shows.
 */
export function SubscriptionEditor({
  subscription,
  onSaved,
}: {
  subscription: Subscription;
  onSaved: (reply: Subscription) => Promise<void>;
}) {
  const { t } = useTranslation('subscriptions');
  const language = useCurrentLanguage();
  const dateId = useId();
  const [lineEdits, setLineEdits] = useState<Record<number, LineEdit>>({});
  const [interval, setIntervalDraft] = useState<IntervalDraft | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [editingDelivery, setEditingDelivery] = useState(subscription.reason === 'not_shipped');
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const delivery = useDelivery(
    { address: addressValuesOf(subscription.shipping_address), methodId: subscription.shipping_method_id },
    editingDelivery,
  );

  const money = (amount: string) => formatMoney(amount, subscription.currency);
  const lines = subscription.lines.map((line) => {
    const edit = lineEdits[line.product_variant_id] ?? {};
    return { line, quantity: edit.quantity ?? line.quantity, refuse: edit.refuse ?? line.refuse_substitute };
  });
  const linesChanged = lines.some(({ line, quantity, refuse }) => quantity !== line.quantity || refuse !== line.refuse_substitute);
  const intervalDraft: IntervalDraft = interval ?? {
    mode: followsDoses(subscription) ? 'default' : 'own',
    days: String(subscription.interval_days),
  };
  const days = intervalOf(intervalDraft);
  const intervalNow = followsDoses(subscription) ? null : subscription.interval_days;
  const intervalChanged = interval !== null && days !== undefined && days !== intervalNow;
  const canMoveDate = subscription.state !== 'pending_mandate';
  const earliest = tomorrow();
  const dateValue = date ?? subscription.next_parcel_on ?? '';
  const dateInvalid = date !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < earliest);
  const dateChanged = date !== null && !dateInvalid && date !== subscription.next_parcel_on;
  const current = addressValuesOf(subscription.shipping_address);
  const addressChanged = editingDelivery && ADDRESS_FIELDS.some((field) => delivery.form.values[field] !== current[field]);
  const methodChanged = editingDelivery && delivery.methodId !== null && delivery.methodId !== subscription.shipping_method_id;
  // A refill that no longer ships waits for a new address or method: saving sends them even unchanged.
  const mustResend = editingDelivery && subscription.reason === 'not_shipped';
  const changed = linesChanged || intervalChanged || dateChanged || addressChanged || methodChanged || mustResend;
  // Saving is offered once something changed, or was typed wrong (saving then says what to correct).
  const mistyped = dateInvalid || (interval !== null && days === undefined);

  const setLine = (variantId: number, edit: LineEdit) =>
    setLineEdits((edits) => ({ ...edits, [variantId]: { ...edits[variantId], ...edit } }));

  /** The form starts from the refill's address and method as they are now (another device may have changed them). */
  const startEditingDelivery = () => {
    delivery.form.fill(addressValuesOf(subscription.shipping_address));
    delivery.setChosenMethod(subscription.shipping_method_id);
    setEditingDelivery(true);
  };

  const reset = () => {
    setLineEdits({});
    setIntervalDraft(null);
    setDate(null);
    setChecked(false);
    setEditingDelivery(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setChecked(true);
    const wrong = editingDelivery ? delivery.form.validateAll().map((field) => fieldId('shipping', field)) : [];
    if (editingDelivery && delivery.notShipped) wrong.unshift(fieldId('shipping', 'country'));
    if (days === undefined || dateInvalid || wrong.length > 0) {
      setProblem(t('check-fields'));
      if (wrong[0]) document.getElementById(wrong[0])?.focus();
      return;
    }
    const change: SubscriptionChange = {
      ...(linesChanged
        ? {
            lines: lines.map(
              ({ line, quantity, refuse }): LineChange => ({
                product_variant_id: line.product_variant_id,
                quantity,
                refuse_substitute: refuse,
              }),
            ),
          }
        : {}),
      ...(intervalChanged ? { interval_days: days } : {}),
      ...(dateChanged ? { next_parcel_on: date } : {}),
      ...(addressChanged || mustResend ? { shipping_address: delivery.form.values satisfies Address } : {}),
      ...((methodChanged || mustResend) && delivery.methodId !== null ? { shipping_method_id: delivery.methodId } : {}),
    };
    setSaving(true);
    setProblem(null);
    try {
      const reply = await updateSubscription(subscription.id, change);
      reset();
      await onSaved(reply);
      toast.success(t('saved'));
    } catch (error) {
      const refusal = readRefusal(error);
      if (!refusal.message) console.error('Saving an automatic refill failed', error);
      if (refusal.staleMethod) void delivery.methods.mutate();
      if (Object.keys(refusal.address).length > 0) delivery.form.setErrors(refusal.address);
      setProblem(refusal.message ?? t('save-failed'));
    } finally {
      setSaving(false);
    }
  };

  const address = subscription.shipping_address;
  return (
    <form className="refill-card refill-editor" noValidate aria-labelledby="refill-lines-title" onSubmit={(event) => void onSubmit(event)}>
      <h2 id="refill-lines-title">{t('lines.title')}</h2>
      <ul className="refill-lines">
        {lines.map(({ line, quantity, refuse }) => (
          <li key={line.product_variant_id} className="refill-line">
            <LocalizedLink className="refill-line__name" to={`/products/${line.slug}`}>
              {line.name}
            </LocalizedLink>
            <LineQuantity name={line.name} quantity={quantity} disabled={saving} onSet={(next) => setLine(line.product_variant_id, { quantity: next })} />
            <ul className="refill-line__facts">
              <li>{t('lines.unit-price', { price: money(line.unit_price) })}</li>
              <li>{line.days_of_supply === null ? t('lines.no-days') : t('lines.days', { n: line.days_of_supply })}</li>
              {line.runs_out_on && <li>{t('lines.runs-out', { date: formatDay(line.runs_out_on, language) })}</li>}
            </ul>
            {line.sold_out && (
              <div className="refill-line__sold-out">
                <p>
                  <span className="refill-state refill-state--past_due">{t('lines.sold-out')}</span>{' '}
                  {line.substitute ? t('lines.substitute', { name: line.substitute.name }) : t('lines.no-substitute')}
                </p>
                {line.substitute && (
                  <label className="refill-check">
                    <input
                      type="checkbox"
                      checked={refuse}
                      disabled={saving}
                      onChange={(event) => setLine(line.product_variant_id, { refuse: event.target.checked })}
                    />
                    {t('lines.refuse')}
                  </label>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>

      <IntervalField
        draft={intervalDraft}
        defaultDays={subscription.default_interval_days}
        onChange={setIntervalDraft}
        showError={checked}
      />

      {canMoveDate && (
        <div className="refill-field">
          <label htmlFor={dateId}>{t('date.label')}</label>
          <input
            id={dateId}
            type="date"
            min={earliest}
            value={dateValue}
            aria-invalid={(checked && dateInvalid) || undefined}
            aria-describedby={`${dateId}-hint`}
            onChange={(event) => setDate(event.target.value)}
          />
          <p id={`${dateId}-hint`} className={checked && dateInvalid ? 'refill-field__error' : 'refill-field__hint'}>
            {checked && dateInvalid ? t('date.invalid') : t('date.hint')}
          </p>
        </div>
      )}

      <h3 className="refill-subtitle">{t('delivery.title')}</h3>
      {editingDelivery ? (
        <>
          <DeliveryFields delivery={delivery} methodTitleId="refill-edit-method-title" />
          {subscription.reason !== 'not_shipped' && (
            <button type="button" className="text-button" onClick={() => setEditingDelivery(false)}>
              {t('delivery.keep')}
            </button>
          )}
        </>
      ) : (
        <>
          <p className="refill-address">
            {[address.first_name, address.last_name].filter(Boolean).join(' ')}
            <br />
            {[address.line1, address.line2].filter(Boolean).join(', ')}
            <br />
            {[address.postcode, address.city].filter(Boolean).join(' ')}
            <br />
            {address.country ? countryName(address.country, language) : ''}
          </p>
          <p>{t('delivery.method-is', { name: subscription.shipping_method_name })}</p>
          <button type="button" className="button button--secondary" onClick={startEditingDelivery}>
            {t('delivery.change')}
          </button>
        </>
      )}

      <div className="refill-submit">
        <button type="submit" className="button" disabled={saving || !(changed || mistyped)}>
          {t('save')}
        </button>
        {saving && <p role="status">{t('saving')}</p>}
        {problem && (
          <p className="refill-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}
