import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useCurrentLanguage } from '../../lib/i18n';
import { isLanguage, languageName, LANGUAGES, switchLanguageInPath, toLocaleTag } from '../../lib/languages';

/** Changes the language segment of the URL and keeps the rest (path, query, hash). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next) && next !== current) {
            void navigate(switchLanguageInPath(pathname + search + hash, next));
          }
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={toLocaleTag(code)}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
