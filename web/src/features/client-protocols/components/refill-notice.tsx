import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { registerTopic } from '../../../lib/realtime';
import { useClientProtocols } from '../api/list-client-protocols';
import './refill.css';

/**
 * The in-app side of a refill reminder (`refill.due`): wherever the client is, a notice names the
 * protocol and puts its products into the cart in one click (the refill page does the adding).
 */
export function RefillNotice() {
  const [due, setDue] = useState<number[]>([]);
  useEffect(
    () => registerTopic('refill.due', ({ protocol_id }) => setDue((ids) => (ids.includes(protocol_id) ? ids : [...ids, protocol_id]))),
    [],
  );
  if (due.length === 0) return null;
  return (
    <div className="refill-notices">
      {due.map((protocolId) => (
        <RefillNoticeItem key={protocolId} protocolId={protocolId} onClose={() => setDue((ids) => ids.filter((id) => id !== protocolId))} />
      ))}
    </div>
  );
}

function RefillNoticeItem({ protocolId, onClose }: { protocolId: number; onClose: () => void }) {
  const { t } = useTranslation('client-protocols');
  const { data } = useClientProtocols();
  const name = data?.find((protocol) => protocol.protocol_id === protocolId)?.name;
  return (
    <div className="refill-notice" role="status">
      <p>{name ? t('refill.notice', { name }) : t('refill.notice-generic')}</p>
      <LocalizedLink className="button" to={`/refill/${protocolId}`} onClick={onClose}>
        {t('refill.add')}
      </LocalizedLink>
      <button type="button" className="text-button" onClick={onClose}>
        {t('refill.dismiss')}
      </button>
    </div>
  );
}
