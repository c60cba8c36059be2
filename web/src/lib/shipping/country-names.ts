import { toLocaleTag, type Language } from '../languages';

/**
 * A country's name in the page's language from the browser's own Intl data (`NL`: Netherlands,
 * Niederlande, オランダ): the same for every feature, and no translation file to keep.
 */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([toLocaleTag(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries as `{code, name}`, in the alphabetical order of the page's language. */
export function countryOptions(codes: readonly string[], language: Language): { code: string; name: string }[] {
  const tag = toLocaleTag(language);
  return codes
    .map((code) => ({ code, name: countryName(code, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, tag));
}
