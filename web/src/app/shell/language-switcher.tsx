import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { Flag } from '../../components/icons/flag';
import { useCurrentLanguage } from '../../lib/i18n';
import {
  flagCountry,
  languageName,
  LANGUAGES,
  switchLanguageInPath,
  toLocaleTag,
  type Language,
} from '../../lib/languages';
import { createTypeAhead } from '../../lib/ui/type-ahead';

/**
 * The language menu: each language with its flag (spec: docs/spec-coverage.md#s9-flag-mapping-en-gb "Flag
 * mapping") and its own name, which is what screen readers read (the flags are decorative). A button opens a
 * listbox (WAI-ARIA's select-only combobox pattern, as a native select cannot draw a flag): arrows, Home and
 * End move, Enter or Space chooses, Escape closes, and typed letters jump (reset after 350 ms). Choosing
 * changes the language segment of the URL and keeps the rest (path, query, hash).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const typeAhead = useMemo(() => createTypeAhead(), []);
  const id = useId();
  // Only the open list names every language: each name costs an `Intl.DisplayNames` of its locale, and
  // the twelve took 13 ms of a product list's first load (Chromium's profile).
  const names = useMemo(() => (open ? LANGUAGES.map((code) => languageName(code)) : []), [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    typeAhead.clear();
    if (refocus) buttonRef.current?.focus();
  };

  const choose = (language: Language) => {
    close(true);
    if (language !== current) void navigate(switchLanguageInPath(pathname + search + hash, language));
  };

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  });

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = LANGUAGES.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
      PageDown: Math.min(active + 10, last),
      PageUp: Math.max(active - 10, 0),
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActive(move);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const language = LANGUAGES[active];
      if (language) choose(language);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const found = typeAhead.type(event.key, names, active);
      if (found >= 0) setActive(found);
    }
  };

  const currentIndex = Math.max(LANGUAGES.indexOf(current), 0);
  const labelId = `${id}-label`;
  const optionId = (index: number) => `${id}-option-${String(index)}`;

  return (
    <div className="language-switcher" ref={rootRef}>
      <span id={labelId} className="visually-hidden">
        {t('language.label')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="language-switcher__button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={labelId}
        onClick={() => {
          if (open) close(true);
          else openAt(currentIndex);
        }}
        onKeyDown={(event) => {
          if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
            event.preventDefault();
            openAt(currentIndex);
          }
        }}
      >
        <Flag country={flagCountry(current)} />
        <span lang={toLocaleTag(current)}>{languageName(current)}</span>
      </button>
      {open && (
        <ul
          ref={listRef}
          id={`${id}-list`}
          className="language-switcher__list"
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKeyDown}
          onBlur={(event) => {
            if (!rootRef.current?.contains(event.relatedTarget)) close(false);
          }}
        >
          {LANGUAGES.map((code, index) => (
            <li
              key={code}
              id={optionId(index)}
              role="option"
              aria-selected={code === current}
              lang={toLocaleTag(code)}
              data-value={code}
              className={
                index === active ? 'language-switcher__option language-switcher__option--active' : 'language-switcher__option'
              }
              onPointerMove={() => {
                setActive(index);
              }}
              onClick={() => {
                choose(code);
              }}
            >
              <Flag country={flagCountry(code)} />
              {names[index]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
