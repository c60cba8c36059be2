import { useTranslation } from 'react-i18next';

import { useRegion, type Region } from '../../../lib/session/region';
import { useSwitchRegion } from './use-switch-region';

const REGIONS: readonly Region[] = ['eu', 'uk'];

/** The footer's store picker: any visitor may shop either store, whatever the country lookup says. */
export function StoreSwitcher() {
  const { t } = useTranslation();
  const region = useRegion();
  const switchRegion = useSwitchRegion();
  return (
    <label className="store-switcher">
      <span>{t('region.switcher-label')}</span>
      <select
        value={region}
        onChange={(event) => {
          const next = REGIONS.find((candidate) => candidate === event.target.value);
          if (next && next !== region) switchRegion(next);
        }}
      >
        {REGIONS.map((code) => (
          <option key={code} value={code}>
            {t(`region.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
