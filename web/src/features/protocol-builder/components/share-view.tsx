import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Client } from '../api/types';
import {
  addClientRecipient,
  addEmailRecipient,
  canShare,
  recipientsEmailError,
  SHARE_MESSAGES,
  shareBlock,
  type ShareMessage,
  type ShareRecipient,
} from '../share/share-form-rules';
import { useActiveProtocolEditor } from './active-protocol-source';
import { builderToast } from './builder-toast-store';
import { ClientSearch } from './client-search';
import { MAX_NOTES } from './limits';
import { euMoney } from './money';
import { ShareButton } from './share-button';
import { ShareLink } from './share-link';
import { ShareRecipients } from './share-recipients';
import { TextField } from './text-field';
import { nutrientsOver, useLiveDailyTotals } from './use-live-daily-totals';
import { useShare, type ReasonsAsked } from './use-share';

interface ShareViewProps {
  userTypeId: number | null;
  onClose: () => void;
}

/**
 * Spec docs/spec-coverage.md#s4-share-flow-pick-existing, docs/spec-coverage.md#s5-share-new-e-mail "Share":
 * recipients from the client search or new e-mails, then one share.
 */
export function ShareView({ userTypeId, onClose }: ShareViewProps) {
  const { t } = useTranslation('builder');
  const { protocol, protocolId } = useActiveProtocolEditor();
  const over = nutrientsOver(useLiveDailyTotals(protocol));
  // The reasons the server asked for on a refused share (its message for each), kept until the form closes.
  const [asked, setAsked] = useState<ReasonsAsked>({ limit: null, warning: null });
  const [limitReason, setLimitReason] = useState('');
  const [warningReason, setWarningReason] = useState('');
  const needsLimit = over.length > 0 || asked.limit !== null;
  const needsWarning = asked.warning !== null;
  const reasonMissing = needsLimit && limitReason.trim() === '';
  const warningMissing = needsWarning && warningReason.trim() === '';
  const { share, sending } = useShare(protocolId);
  const [recipients, setRecipients] = useState<ShareRecipient[]>([]);
  const [searchText, setSearchText] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<ShareMessage | null>(null);
  const [notes, setNotes] = useState('');
  const titleId = useId();
  const block = shareBlock({ recipients, searchText, userTypeId, sending });
  const emailsError = recipientsEmailError(recipients);

  function pick(client: Client) {
    const result = addClientRecipient(recipients, client);
    if (!result.ok) {
      builderToast.warning(t(result.error));
      return;
    }
    setRecipients(result.value);
    setSearchText('');
  }

  function addEmail() {
    const result = addEmailRecipient(recipients, email);
    if (!result.ok) {
      if (result.error === SHARE_MESSAGES.emailAlreadySelected) builderToast.warning(t(result.error));
      else setEmailError(result.error);
      return;
    }
    setRecipients(result.value);
    setEmail('');
    setEmailError(null);
  }

  async function send() {
    const outcome = await share(recipients, notes, {
      limit: needsLimit ? limitReason.trim() : null,
      warning: needsWarning ? warningReason.trim() : null,
    });
    if (outcome === null) return;
    setRecipients(outcome.left);
    if (outcome.left.length === 0) setNotes('');
    setAsked((before) => ({ limit: outcome.asked.limit ?? before.limit, warning: outcome.asked.warning ?? before.warning }));
  }

  return (
    <section className="builder-view" aria-labelledby={titleId}>
      <h2 id={titleId} className="builder-view__title">
        {t('share.title', { name: protocol?.name ?? '' })}
      </h2>
      {protocol && (
        <p className="builder-card__meta">
          <span>{t('card.products', { n: protocol.product_count })}</span>
          <span>{t('share.total', { total: euMoney(protocol.total_price, protocol.currency) })}</span>
        </p>
      )}
      <ClientSearch text={searchText} onText={setSearchText} onPick={pick} />
      <form
        className="builder-add-email"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          addEmail();
        }}
      >
        <TextField
          label={t('share.new-email')}
          type="email"
          value={email}
          maxLength={254}
          error={emailError}
          onChange={(value) => {
            setEmail(value);
            setEmailError(null);
          }}
        />
        <button type="submit" className="button button--secondary" disabled={email.trim() === ''}>
          {t('share.add-email')}
        </button>
      </form>
      <ShareRecipients recipients={recipients} onChange={setRecipients} />
      {needsLimit && (
        <div className="builder-limit-warning">
          <p role="alert">{over.length > 0 ? t('share.limit-warning', { names: over.join(', ') }) : t('share.limit-asked')}</p>
          {over.length === 0 && asked.limit && <p className="builder-hint">{asked.limit}</p>}
          <TextField
            label={t('share.limit-reason')}
            value={limitReason}
            maxLength={MAX_NOTES}
            multiline
            error={reasonMissing ? SHARE_MESSAGES.limitReasonRequired : null}
            onChange={setLimitReason}
          />
        </div>
      )}
      {needsWarning && (
        <div className="builder-limit-warning">
          <p role="alert">{t('share.warning-asked')}</p>
          {asked.warning && <p className="builder-hint">{asked.warning}</p>}
          <TextField
            label={t('share.warning-reason')}
            value={warningReason}
            maxLength={MAX_NOTES}
            multiline
            error={warningMissing ? SHARE_MESSAGES.warningReasonRequired : null}
            onChange={setWarningReason}
          />
        </div>
      )}
      <TextField label={t('share.notes')} value={notes} maxLength={MAX_NOTES} multiline onChange={setNotes} />
      {emailsError && (
        <p role="alert" className="builder-field__error">
          {t(emailsError)}
        </p>
      )}
      <div className="builder-actions">
        <ShareButton
          block={block ?? (reasonMissing ? 'limit-reason' : warningMissing ? 'warning-reason' : null)}
          onShare={() => void send()}
        />
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('ui.back')}
        </button>
      </div>
      {protocolId !== null && (
        <ShareLink
          protocolId={protocolId}
          allowed={canShare(userTypeId) && !reasonMissing}
          limitReason={needsLimit ? limitReason.trim() : null}
        />
      )}
    </section>
  );
}
