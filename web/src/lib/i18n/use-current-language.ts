import { useParams } from 'react-router';

import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../languages';

/**
 * The language of the current URL: its first segment, which the router has already checked.
 * Outside a language route (only the root error screen) it is the default.
 */
export function useCurrentLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
