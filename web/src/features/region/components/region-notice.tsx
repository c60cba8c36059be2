import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { dismissRegionNotice, shouldOfferUkStore, useRegionVersion } from '../../../lib/session/region';
import { useSwitchRegion } from './use-switch-region';

/**
 * Spec docs/spec-coverage.md#s4-regional-notice-gb-visitors "Regional notice": a modal offering GB visitors
 * the UK store (GBP prices). Staying (button, Escape or the backdrop) is a dismissal: stored 24 hours, quiet
 * for one.
 */
export function RegionNotice() {
  const { t } = useTranslation();
  useRegionVersion();
  const switchRegion = useSwitchRegion();
  const titleId = useId();
  const textId = useId();
  const acceptRef = useRef<HTMLButtonElement>(null);
  const open = shouldOfferUkStore();

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    acceptRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismissRegionNotice();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="modal-backdrop" onClick={(event) => event.target === event.currentTarget && dismissRegionNotice()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 id={titleId} className="modal__title">
          {t('region.notice-title')}
        </h2>
        <p id={textId}>{t('region.notice-text')}</p>
        <div className="modal__actions">
          <button ref={acceptRef} type="button" className="button" onClick={() => switchRegion('uk')}>
            {t('region.notice-accept')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => dismissRegionNotice()}>
            {t('region.notice-dismiss')}
          </button>
        </div>
      </div>
    </div>
  );
}
