import { isLanguage, localizePath, looksLikeLanguageCode, type Language } from '../lib/languages';
import { resolveLegacyRedirect } from './legacy-redirects';

export interface LanguageRedirect {
  to: string;
  /**
   * `missing`: no language segment; `unsupported`: a language-like first segment that is not
   * one of ours (replaced, and worth a warning); `legacy`: an old store URL.
   */
  reason: 'missing' | 'unsupported' | 'legacy';
}

interface UrlParts {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Where a URL must go so that its first segment is a supported language, or null when it
 * already is. Old store URLs are mapped first; the result always starts with `/{lang}`.
 */
export function resolveLanguageRedirect(
  { pathname, search, hash }: UrlParts,
  detected: Language,
): LanguageRedirect | null {
  // Collapsing slashes keeps `//host/...` from ever becoming a protocol-relative target.
  const path = pathname.replace(/\/{2,}/g, '/');
  const first = path.split('/')[1] ?? '';
  if (isLanguage(first)) return null;

  if (first !== '' && looksLikeLanguageCode(first)) {
    const rest = path.slice(first.length + 1);
    return { to: `/${detected}${rest}${search}${hash}`, reason: 'unsupported' };
  }

  const legacy = resolveLegacyRedirect(path, search);
  if (legacy !== null) {
    return { to: localizePath(legacy, detected) + hash, reason: 'legacy' };
  }
  return { to: localizePath(path + search, detected) + hash, reason: 'missing' };
}
