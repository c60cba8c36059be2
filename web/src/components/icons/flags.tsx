import type { ReactElement } from 'react';

/**
 * The flags of the language switcher (spec: docs/spec-coverage.md#s9-flag-mapping-en-gb "Flag mapping": en to
 * GB, ja to JP, da to DK, zh to TW, any other language its own code), drawn here at 3:2 and simplified (no
 * coats of arms). Keyed by the lower-case country code `flagCountry` gives.
 */

const horizontal = (colours: readonly string[]) =>
  colours.map((fill, index) => (
    <rect key={fill + String(index)} x="0" y={(20 / colours.length) * index} width="30" height={20 / colours.length} fill={fill} />
  ));

const vertical = (colours: readonly string[]) =>
  colours.map((fill, index) => (
    <rect key={fill + String(index)} x={10 * index} y="0" width="10" height="20" fill={fill} />
  ));

export const FLAGS = {
  gb: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.5" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.5" />
    </>
  ),
  de: <>{horizontal(['#000', '#dd0000', '#ffce00'])}</>,
  dk: (
    <>
      <rect width="30" height="20" fill="#c8102e" />
      <path d="M11 0v20M0 10h30" stroke="#fff" strokeWidth="3" />
    </>
  ),
  es: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  fr: <>{vertical(['#002395', '#fff', '#ed2939'])}</>,
  hu: <>{horizontal(['#ce2939', '#fff', '#477050'])}</>,
  it: <>{vertical(['#009246', '#fff', '#ce2b37'])}</>,
  jp: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#bc002d" />
    </>
  ),
  nl: <>{horizontal(['#ae1c28', '#fff', '#21468b'])}</>,
  pt: (
    <>
      <rect width="30" height="20" fill="#da291c" />
      <rect width="12" height="20" fill="#046a38" />
      <circle cx="12" cy="10" r="4" fill="#ffe900" stroke="#da291c" strokeWidth="0.5" />
    </>
  ),
  ro: <>{vertical(['#002b7f', '#fcd116', '#ce1126'])}</>,
  tw: (
    <>
      <rect width="30" height="20" fill="#fe0000" />
      <rect width="15" height="10" fill="#000095" />
      <circle cx="7.5" cy="5" r="3" fill="#fff" />
      <circle cx="7.5" cy="5" r="1.9" fill="#000095" />
      <circle cx="7.5" cy="5" r="1.6" fill="#fff" />
    </>
  ),
} as const satisfies Record<string, ReactElement>;

export type FlagCountry = keyof typeof FLAGS;

export function isFlagCountry(value: string): value is FlagCountry {
  return Object.hasOwn(FLAGS, value);
}
