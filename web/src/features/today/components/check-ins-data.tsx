import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { eraseCheckIns } from '../api/erase-check-ins';
import { exportCheckIns } from '../api/export-check-ins';
import { ADHERENCE_KEY, SCHEDULE_PATH } from '../api/keys';
import { ConfirmErase } from './confirm-erase';
import { failureMessage } from './failure-message';
import { saveFile } from '../../../lib/files/save-file';

/** Whether an SWR key is one of the day's (a schedule or the streak), which an erase changes. */
function isDayKey(key: unknown): boolean {
  return typeof key === 'string' && (key === ADHERENCE_KEY || key === SCHEDULE_PATH || key.startsWith(`${SCHEDULE_PATH}?`));
}

/** The client's check-ins are theirs: exported as CSV, or deleted for good after a confirmation. */
export function CheckInsData() {
  const { t } = useTranslation('today');
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);

  const closeConfirm = () => {
    setConfirming(false);
    eraseButton.current?.focus();
  };

  const exportAll = async () => {
    setBusy('export');
    setFailure(null);
    try {
      const file = await exportCheckIns();
      saveFile(file.blob, file.filename ?? 'check-ins.csv');
    } catch (error) {
      setFailure(failureMessage(error, t('data.export-failed')));
    } finally {
      setBusy(null);
    }
  };

  const erase = async () => {
    setBusy('erase');
    setFailure(null);
    setNotice(null);
    try {
      const reply = await eraseCheckIns();
      closeConfirm();
      setNotice(t('data.erased', { count: reply.deleted }));
      void mutate(isDayKey);
    } catch (error) {
      setFailure(failureMessage(error, t('data.erase-failed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="today-elsewhere__part">
      <h3>{t('data.title')}</h3>
      <p className="today-muted">{t('data.text')}</p>
      <div className="today-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          aria-busy={busy === 'export' || undefined}
          onClick={() => void exportAll()}
        >
          {t('data.export')}
        </button>
        <button
          ref={eraseButton}
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          {t('data.erase')}
        </button>
      </div>
      {confirming && (
        <ConfirmErase busy={busy === 'erase'} onConfirm={() => void erase()} onClose={closeConfirm} />
      )}
      <p role="status">{notice}</p>
      {failure && <p role="alert">{failure}</p>}
    </div>
  );
}
