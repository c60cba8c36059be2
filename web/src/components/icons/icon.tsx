import type { ReactElement } from 'react';

import { BODY_SYSTEM_GLYPHS, GENERAL_GLYPHS } from './line-glyphs';
import { PAYMENT_LOGOS } from './payment-logos';
import { ROUND_ICONS } from './round-icons';

/**
 * The one icon registry of spec docs/spec-coverage.md#s3-icons-general "Icons": general and body-system
 * glyphs, payment logos and the larger round icons, each drawn by `<Icon type>`. An unknown type (a newer
 * server's service icon, a typo) is logged and draws nothing, as the spec says, rather than a stand-in that
 * would mean something else.
 */
export const ICON_FAMILIES = {
  general: Object.keys(GENERAL_GLYPHS) as (keyof typeof GENERAL_GLYPHS)[],
  bodySystem: Object.keys(BODY_SYSTEM_GLYPHS) as (keyof typeof BODY_SYSTEM_GLYPHS)[],
  payment: Object.keys(PAYMENT_LOGOS) as (keyof typeof PAYMENT_LOGOS)[],
  round: Object.keys(ROUND_ICONS) as (keyof typeof ROUND_ICONS)[],
} as const;

export type LineIconType = keyof typeof GENERAL_GLYPHS | keyof typeof BODY_SYSTEM_GLYPHS;
export type PaymentLogoType = keyof typeof PAYMENT_LOGOS;
export type RoundIconType = keyof typeof ROUND_ICONS;
export type IconType = LineIconType | PaymentLogoType | RoundIconType;

const LINE_GLYPHS: Readonly<Record<string, string>> = { ...GENERAL_GLYPHS, ...BODY_SYSTEM_GLYPHS };
const PAYMENT: Readonly<Record<string, { label: string; art: ReactElement }>> = PAYMENT_LOGOS;
const ROUND: Readonly<Record<string, ReactElement>> = ROUND_ICONS;

export function isIconType(value: string): value is IconType {
  return Object.hasOwn(LINE_GLYPHS, value) || Object.hasOwn(PAYMENT, value) || Object.hasOwn(ROUND, value);
}

/** Logged once per type and page: a list of unknown service icons would otherwise flood the console. */
const reported = new Set<string>();

interface IconProps {
  /** A string, not only IconType: types also come from the server (a store's service icons). */
  type: string;
  /** Pixels; defaults: 24 for glyphs, 48 for round icons, 32 high for payment logos. */
  size?: number;
  className?: string;
  /** The accessible name; without it a glyph or round icon is decorative (payment logos name their brand). */
  label?: string;
}

export function Icon({ type, size, className, label }: IconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  if (Object.hasOwn(LINE_GLYPHS, type)) {
    const width = size ?? 24;
    return (
      <svg
        className={className}
        data-icon={type}
        viewBox="0 0 24 24"
        width={width}
        height={width}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        {...a11y}
      >
        <path d={LINE_GLYPHS[type]} />
      </svg>
    );
  }
  const payment = PAYMENT[type];
  if (payment) {
    const height = size ?? 32;
    return (
      <svg
        className={className}
        data-icon={type}
        viewBox="0 0 48 32"
        width={(height * 3) / 2}
        height={height}
        focusable="false"
        role="img"
        aria-label={label ?? payment.label}
      >
        {payment.art}
      </svg>
    );
  }
  const round = ROUND[type];
  if (round) {
    const width = size ?? 48;
    return (
      <svg className={className} data-icon={type} viewBox="0 0 48 48" width={width} height={width} focusable="false" {...a11y}>
        {round}
      </svg>
    );
  }
  if (!reported.has(type)) {
    reported.add(type);
    console.warn(`Unknown icon type "${type}": nothing drawn.`);
  }
  return null;
}
