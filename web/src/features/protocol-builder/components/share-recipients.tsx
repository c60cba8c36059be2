import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DISCOUNT_PRESETS, newClientErrors, type ShareRecipient } from '../share/share-form-rules';
import { TextField } from './text-field';

type NewRecipient = Extract<ShareRecipient, { kind: 'new' }>;

interface NewClientFieldsProps {
  recipient: NewRecipient;
  onChange: (recipient: NewRecipient) => void;
}

/**
 * A new client's first name, last name and discount preset (spec:
 * docs/spec-coverage.md#s4-share-flow-pick-existing, docs/spec-coverage.md#s9-preset-client-discounts-0).
 */
function NewClientFields({ recipient, onChange }: NewClientFieldsProps) {
  const { t } = useTranslation('builder');
  const [touched, setTouched] = useState({ first: false, last: false });
  const errors = newClientErrors(recipient);
  const groupId = useId();
  return (
    <div className="builder-new-client">
      <TextField
        label={t('share.first-name')}
        value={recipient.first_name}
        maxLength={150}
        required
        error={touched.first ? errors.first_name : null}
        onChange={(first_name) => onChange({ ...recipient, first_name })}
        onBlur={() => setTouched((current) => ({ ...current, first: true }))}
      />
      <TextField
        label={t('share.last-name')}
        value={recipient.last_name}
        maxLength={150}
        required
        error={touched.last ? errors.last_name : null}
        onChange={(last_name) => onChange({ ...recipient, last_name })}
        onBlur={() => setTouched((current) => ({ ...current, last: true }))}
      />
      <fieldset className="builder-discounts" aria-describedby={errors.discount ? `${groupId}-error` : undefined}>
        <legend>{t('share.discount')}</legend>
        {DISCOUNT_PRESETS.map((preset) => (
          <label key={preset} className="builder-discount">
            <input
              type="radio"
              name={`${groupId}-discount`}
              value={preset}
              checked={recipient.discount === preset}
              onChange={() => onChange({ ...recipient, discount: preset })}
            />
            <span>{t('share.discount-value', { value: preset })}</span>
          </label>
        ))}
        {errors.discount && (
          <p id={`${groupId}-error`} className="builder-field__error">
            {t(errors.discount)}
          </p>
        )}
      </fieldset>
    </div>
  );
}

interface ShareRecipientsProps {
  recipients: readonly ShareRecipient[];
  onChange: (recipients: ShareRecipient[]) => void;
}

function keyOf(recipient: ShareRecipient): string {
  return recipient.kind === 'client' ? `client-${recipient.client.id}` : `new-${recipient.email.toLowerCase()}`;
}

/** The chosen recipients; a new e-mail asks for the new client's names and discount. */
export function ShareRecipients({ recipients, onChange }: ShareRecipientsProps) {
  const { t } = useTranslation('builder');
  if (recipients.length === 0) return <p className="builder-hint">{t('share.no-recipients')}</p>;
  const replace = (index: number, next: ShareRecipient) => onChange(recipients.map((item, at) => (at === index ? next : item)));
  return (
    <ul className="builder-recipients" aria-label={t('share.recipients')}>
      {recipients.map((recipient, index) => {
        const email = recipient.kind === 'client' ? recipient.client.email : recipient.email;
        return (
          <li key={keyOf(recipient)} className="builder-recipient">
            <div className="builder-recipient__head">
              <span>
                {recipient.kind === 'client'
                  ? t('share.client-name', { first: recipient.client.first_name, last: recipient.client.last_name, email })
                  : t('share.new-client', { email })}
              </span>
              <button
                type="button"
                className="text-button"
                aria-label={t('share.remove-label', { email })}
                onClick={() => onChange(recipients.filter((_, at) => at !== index))}
              >
                {t('share.remove')}
              </button>
            </div>
            {recipient.kind === 'new' && <NewClientFields recipient={recipient} onChange={(next) => replace(index, next)} />}
          </li>
        );
      })}
    </ul>
  );
}
