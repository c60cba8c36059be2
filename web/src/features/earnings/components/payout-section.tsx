import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ApiError } from '../../../lib/api/http';
import { toast } from '../../../lib/toast/toast-store';
import { usePayoutAccount } from '../api/get-payout-account';
import type { PayoutAccount } from '../api/types';
import { updatePayoutAccount } from '../api/update-payout-account';
import { checkPayoutField, PAYOUT_FIELDS, type PayoutField, type PayoutProblem, type PayoutValues } from './payout-rules';

/** A field's error: a problem this app words itself, or the server's word shown as it came. */
type FieldError = { problem: PayoutProblem } | { message: string };
type FieldErrors = Partial<Record<PayoutField, FieldError>>;

const SERVER_WORDS: Record<string, PayoutProblem> = { required: 'required', invalid: 'invalid', 'too long': 'too-long' };

/** The 422's `errors` (`{"iban": ["invalid"]}`) as field errors of this form. */
function serverErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const result: FieldErrors = {};
  for (const field of PAYOUT_FIELDS) {
    const value = (errors as Record<string, unknown>)[field];
    const words = (Array.isArray(value) ? value : [value]).filter((word): word is string => typeof word === 'string');
    if (words.length === 0) continue;
    const known = SERVER_WORDS[words[0] ?? ''];
    result[field] = known ? { problem: known } : { message: words.join(' ') };
  }
  return result;
}

const valuesOf = (account: PayoutAccount): PayoutValues => ({
  account_holder: account.account_holder,
  iban: account.iban,
  paypal_email: account.paypal_email,
});

const fieldId = (field: PayoutField) => `earnings-payout-${field.replace('_', '-')}`;

/** Where payouts go: the details form, and the store's payout method that decides which details are used. */
export function PayoutSection() {
  const { t } = useTranslation('earnings');
  const { data, error, isLoading, mutate } = usePayoutAccount(true);
  return (
    <section className="earnings-section" aria-labelledby="earnings-payout">
      <h2 id="earnings-payout">{t('details.title')}</h2>
      <p className="earnings-muted">{t('details.lead')}</p>
      {isLoading && <p aria-busy="true">{t('loading')}</p>}
      {error !== undefined && !data && !isLoading && (
        <div role="alert" className="earnings-problem">
          <p>{t('details.load-failed')}</p>
          <button type="button" className="button" onClick={() => void mutate()}>
            {t('retry')}
          </button>
        </div>
      )}
      {data && <PayoutForm account={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />}
    </section>
  );
}

/**
 * The form keeps what was typed (a refresh of the account does not replace it, a refusal never clears it).
 * Spec docs/spec-coverage.md#s5-forms-validate-blur-again: each field is checked when it loses focus and
 * again on every later blur; saving checks them all, and the server's field errors (422) show under their
 * fields.
 */
function PayoutForm({ account, onSaved }: { account: PayoutAccount; onSaved: (saved: PayoutAccount) => void }) {
  const { t } = useTranslation('earnings');
  const [values, setValues] = useState<PayoutValues>(() => valuesOf(account));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const method = account.payout_method;

  const errorText = (field: PayoutField, fieldError: FieldError): string => {
    if ('message' in fieldError) return fieldError.message;
    if (fieldError.problem === 'invalid') return field === 'iban' ? t('details.errors.iban') : field === 'paypal_email' ? t('details.errors.paypal_email') : t('details.errors.invalid');
    return fieldError.problem === 'required' ? t('details.errors.required') : t('details.errors.too-long');
  };

  const blur = (field: PayoutField) => {
    setErrors((current) => {
      const problem = checkPayoutField(field, values);
      const next: FieldErrors = { ...current, [field]: problem ? { problem } : undefined };
      // The holder is needed only with an IBAN: once checked, it follows the IBAN.
      if (field === 'iban' && 'account_holder' in current) {
        const holder = checkPayoutField('account_holder', values);
        next.account_holder = holder ? { problem: holder } : undefined;
      }
      return next;
    });
  };

  const focusField = (field: PayoutField) => form.current?.querySelector<HTMLInputElement>(`#${fieldId(field)}`)?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    for (const field of PAYOUT_FIELDS) {
      const problem = checkPayoutField(field, values);
      if (problem) found[field] = { problem };
    }
    setErrors(found);
    const first = PAYOUT_FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    setSaving(true);
    try {
      const saved = await updatePayoutAccount(values);
      setValues(valuesOf(saved));
      setErrors({});
      onSaved(saved);
      toast.success(t('details.saved'));
    } catch (failure) {
      const fromServer = serverErrorsOf(failure);
      setErrors(fromServer);
      toast.error(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t('details.failed'));
      const wrong = PAYOUT_FIELDS.find((field) => fromServer[field]);
      if (wrong) focusField(wrong);
    } finally {
      setSaving(false);
    }
  };

  const missing =
    (method === 'bank_account' && (account.iban === '' || account.account_holder === '')) ||
    (method === 'paypal' && account.paypal_email === '');

  const field = (name: PayoutField, extra: { type?: 'text' | 'email'; autoComplete: string; help?: string }) => {
    const id = fieldId(name);
    const fieldError = errors[name];
    const describedBy = [extra.help ? `${id}-help` : null, fieldError ? `${id}-error` : null].filter(Boolean).join(' ');
    return (
      <div className="earnings-field">
        <label htmlFor={id}>{t(`details.${name}`)}</label>
        <input
          id={id}
          name={name}
          className="earnings-field__input"
          type={extra.type ?? 'text'}
          autoComplete={extra.autoComplete}
          spellCheck={false}
          value={values[name]}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [name]: value }));
          }}
          onBlur={() => blur(name)}
        />
        {extra.help && (
          <p id={`${id}-help`} className="earnings-field__help">
            {extra.help}
          </p>
        )}
        {fieldError && (
          <p id={`${id}-error`} className="earnings-field__error">
            {errorText(name, fieldError)}
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <div className="earnings-payout-notes">
        {method === 'not_set' ? (
          <p className="earnings-hint">
            {t('details.method-not-set')}{' '}
            <LocalizedLink to="/account/practitioner/store">{t('payout.choose-method')}</LocalizedLink>
          </p>
        ) : (
          <p>
            {t('details.method', { method: t(`payout-method.${method}`) })}
            {missing && ` ${t(method === 'paypal' ? 'details.missing-paypal' : 'details.missing-bank')}`}
          </p>
        )}
      </div>
      <form ref={form} className="earnings-payout-form" noValidate onSubmit={(event) => void submit(event)}>
        {field('account_holder', { autoComplete: 'name' })}
        {field('iban', { autoComplete: 'off', help: t('details.iban-help') })}
        {field('paypal_email', { type: 'email', autoComplete: 'email' })}
        <div className="earnings-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t('details.saving') : t('details.save')}
          </button>
        </div>
      </form>
    </>
  );
}
