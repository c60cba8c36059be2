import type { ReactElement } from 'react';

/**
 * The payment logos of spec docs/spec-coverage.md#s3-icons-payment-logos "Icons", drawn here as 48 × 32 cards
 * in each brand's colours (no file is downloaded). They carry meaning (which methods are offered), so each
 * has its brand as its accessible name; the wordmarks are set in the system's sans-serif, not the brands' own
 * typefaces.
 */

const WORDMARK = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700 } as const;

/** Brand names drawn as logos: the same in every language, so not translation keys. */
const BRAND_TEXT = { pay: 'Pay', i: 'i', deal: 'DEAL', pal: 'Pal', visa: 'VISA' } as const;

function Card({ fill, children }: { fill: string; children: ReactElement | ReactElement[] }) {
  return (
    <>
      <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill={fill} stroke="#d0d5dd" />
      {children}
    </>
  );
}

function Wordmark({ text, fill, size = 10, y = 20 }: { text: string; fill: string; size?: number; y?: number }) {
  return (
    <text x="24" y={y} textAnchor="middle" fontSize={size} fill={fill} {...WORDMARK}>
      {text}
    </text>
  );
}

export const PAYMENT_LOGOS = {
  amex: {
    label: 'American Express',
    art: (
      <Card fill="#1f72cd">
        <Wordmark text="AMERICAN" fill="#fff" size={6.5} y={14} />
        <Wordmark text="EXPRESS" fill="#fff" size={6.5} y={22} />
      </Card>
    ),
  },
  'apple-pay': {
    label: 'Apple Pay',
    art: (
      <Card fill="#000">
        <path
          fill="#fff"
          d="M14.6 11.2c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.9 1.3-.8 2.1.8.1 1.6-.4 2.2-1zm.7 1.2c-1.2-.1-2.2.7-2.8.7-.6 0-1.4-.6-2.4-.6-1.2 0-2.4.7-3 1.8-1.3 2.2-.3 5.5.9 7.3.6.9 1.3 1.8 2.3 1.8.9 0 1.2-.6 2.3-.6s1.4.6 2.4.6 1.6-.9 2.2-1.8c.7-1 1-2 1-2.1 0 0-1.9-.7-1.9-2.9 0-1.8 1.5-2.7 1.6-2.7-.9-1.3-2.2-1.4-2.6-1.5z"
        />
        <text x="31" y="21" textAnchor="middle" fontSize="10" fill="#fff" {...WORDMARK}>
          {BRAND_TEXT.pay}
        </text>
      </Card>
    ),
  },
  bancontact: {
    label: 'Bancontact',
    art: (
      <Card fill="#fff">
        <path fill="#1e3764" d="M6 10h22l-6 6H6z" />
        <path fill="#ffd800" d="M42 22H20l6-6h16z" />
        <Wordmark text="bancontact" fill="#1e3764" size={5.5} y={28.5} />
      </Card>
    ),
  },
  belfius: {
    label: 'Belfius',
    art: (
      <Card fill="#c30045">
        <Wordmark text="Belfius" fill="#fff" size={10} />
      </Card>
    ),
  },
  ideal: {
    label: 'iDEAL',
    art: (
      <Card fill="#fff">
        <rect x="8" y="6" width="32" height="20" rx="3" fill="#fff" stroke="#000" />
        <text x="24" y="20" textAnchor="middle" fontSize="10" {...WORDMARK}>
          <tspan fill="#000">{BRAND_TEXT.i}</tspan>
          <tspan fill="#cc0066">{BRAND_TEXT.deal}</tspan>
        </text>
      </Card>
    ),
  },
  kbc: {
    label: 'KBC',
    art: (
      <Card fill="#00aeef">
        <Wordmark text="KBC" fill="#fff" size={12} y={21} />
      </Card>
    ),
  },
  klarna: {
    label: 'Klarna',
    art: (
      <Card fill="#ffb3c7">
        <Wordmark text="Klarna." fill="#17120f" size={10} />
      </Card>
    ),
  },
  mastercard: {
    label: 'Mastercard',
    art: (
      <Card fill="#fff">
        <circle cx="19" cy="16" r="9" fill="#eb001b" />
        <circle cx="29" cy="16" r="9" fill="#f79e1b" />
        <path fill="#ff5f00" d="M24 8.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" />
      </Card>
    ),
  },
  paypal: {
    label: 'PayPal',
    art: (
      <Card fill="#fff">
        <text x="24" y="20" textAnchor="middle" fontSize="10" {...WORDMARK} fontStyle="italic">
          <tspan fill="#003087">{BRAND_TEXT.pay}</tspan>
          <tspan fill="#009cde">{BRAND_TEXT.pal}</tspan>
        </text>
      </Card>
    ),
  },
  visa: {
    label: 'Visa',
    art: (
      <Card fill="#fff">
        <text x="24" y="21" textAnchor="middle" fontSize="13" fill="#1a1f71" {...WORDMARK} fontStyle="italic">
          {BRAND_TEXT.visa}
        </text>
      </Card>
    ),
  },
} as const satisfies Record<string, { label: string; art: ReactElement }>;
