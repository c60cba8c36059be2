import { FLAGS, isFlagCountry } from './flags';

interface FlagProps {
  /** Lower-case ISO 3166 code, as `flagCountry` gives it. */
  country: string;
  className?: string;
  /** Height in pixels; the flag is 3:2. */
  size?: number;
}

/** A language's flag. Decorative: the language's name is always written beside it. */
export function Flag({ country, className, size = 14 }: FlagProps) {
  if (!isFlagCountry(country)) {
    console.warn(`No flag for "${country}": nothing drawn.`);
    return null;
  }
  return (
    <svg
      className={className}
      data-flag={country}
      viewBox="0 0 30 20"
      width={(size * 3) / 2}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {FLAGS[country]}
    </svg>
  );
}
