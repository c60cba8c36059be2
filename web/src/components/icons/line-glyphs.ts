/**
 * Line glyphs (24 × 24, stroked in `currentColor`) of the icon registry (docs/architecture.md, "The web
 * app": icons are drawn from here, nothing is downloaded, no icon font). Spec
 * docs/spec-coverage.md#s3-icons-general "Icons" names two families: body-system icons and general icons.
 */

const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/** The body systems a supplement or a practitioner's service addresses. */
export const BODY_SYSTEM_GLYPHS = {
  allergy: `${circle(12, 12, 2)} M12 4v3 M12 17v3 M4 12h3 M17 12h3 M6.3 6.3l2.1 2.1 M15.6 15.6l2.1 2.1 M6.3 17.7l2.1-2.1 M15.6 8.4l2.1-2.1`,
  blood: 'M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11z',
  brain:
    'M11 5a3 3 0 0 0-5 2 3 3 0 0 0-2 5 3 3 0 0 0 2 5 3 3 0 0 0 5 2z M13 5a3 3 0 0 1 5 2 3 3 0 0 1 2 5 3 3 0 0 1-2 5 3 3 0 0 1-5 2z',
  energy: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  eye: `M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z ${circle(12, 12, 3)}`,
  gallbladder: 'M12 3c2 0 3 2 3 4 0 2 3 4 3 8a6 6 0 0 1-12 0c0-4 3-6 3-8 0-2 1-4 3-4z',
  hair: 'M7 21c-2-5 2-8 0-14 M12 21c-2-5 2-8 0-14 M17 21c-2-5 2-8 0-14',
  heart: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  joint: `M6 3l4.5 7 M18 21l-4.5-7 ${circle(12, 12, 2.5)}`,
  kidneys:
    'M9 4C5 4 4 8 4 12s1 8 5 8c2 0 2-2 1-4s-1-6 0-8 1-4-1-4z M15 4c4 0 5 4 5 8s-1 8-5 8c-2 0-2-2-1-4s1-6 0-8-1-4 1-4z',
  liver: 'M3 8c3-3 12-4 18-2 0 5-4 12-9 12-2 0-3-2-4-4-2-1-5-3-5-6z',
  stomach: 'M9 3v4c0 2-5 3-5 8a6 6 0 0 0 11 3c1-2 5-1 5-6 0-3-3-4-5-3 M15 6V3',
  bones: `M8.5 8.5l7 7 ${circle(6.5, 8.5, 2)} ${circle(8.5, 6.5, 2)} ${circle(15.5, 17.5, 2)} ${circle(17.5, 15.5, 2)}`,
  gut: 'M5 6h14a2 2 0 0 1 0 4H7a2 2 0 0 0 0 4h12a2 2 0 0 1 0 4H5',
  hormones: `M12 3l7 4v8l-7 4-7-4V7z ${circle(12, 11, 2.5)}`,
  immune: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z M9 12l2 2 4-4',
  lungs: 'M12 4v8 M12 12c-2-2-4-2-5 0s-3 8 0 8 5-2 5-5 M12 12c2-2 4-2 5 0s3 8 0 8-5-2-5-5',
  muscle: 'M4 16c2-6 5-9 8-9l2 3-3 1c3 0 6 1 8 4-3 4-10 4-15 1z',
  skin: 'M3 9c3-2 6 2 9 0s6-2 9 0 M3 14c3-2 6 2 9 0s6-2 9 0 M3 19h18',
  sleep: 'M20 14A8 8 0 1 1 10 4a6 6 0 0 0 10 10z',
  stress: 'M3 12h3l2-5 3 10 3-8 2 3h5',
  thyroid: 'M12 8v8 M12 10c-2-4-7-4-7 1s3 6 7 3 M12 10c2-4 7-4 7 1s-3 6-7 3',
  weight: 'M4 6h16v14H4z M8 10a4 4 0 0 1 8 0 M12 10l2-2',
} as const satisfies Record<string, string>;

/** Everything else the screens draw: services, the shop's actions and statuses. */
export const GENERAL_GLYPHS = {
  leaf: 'M5 19c0-9 6-14 14-14 0 8-5 14-14 14z M5 19l8-8',
  consultation: 'M4 5h11v7H8l-4 3z M9 15v2h7l4 3v-8h-3',
  nutrition: 'M12 7c-2-2-7-2-7 4s4 9 7 8c3 1 7-2 7-8s-5-6-7-4z M12 7c0-2 1-3 3-4',
  herbs: 'M12 21V9 M12 13c-4 0-6-3-6-6 3 0 6 2 6 6z M12 10c0-4 3-6 6-6 0 4-2 6-6 6z',
  'lab-test': 'M9 3h6 M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3 M7 15h10',
  'video-call': 'M3 7h12v10H3z M15 11l6-4v10l-6-4',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4',
  cart: `M3 4h2l2.5 11h10L20 8H6.5 ${circle(9, 19, 1.5)} ${circle(16, 19, 1.5)}`,
  wishlist: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  search: `${circle(10.5, 10.5, 6)} M15 15l5 5`,
  account: `${circle(12, 8, 4)} M4 21c1-4 4-6 8-6s7 2 8 6`,
  close: 'M6 6l12 12 M18 6L6 18',
  check: 'M5 12.5l4.5 4.5L19 7',
  warning: 'M12 3l10 18H2z M12 10v5 M12 18v.5',
  info: `${circle(12, 12, 9)} M12 11v6 M12 7.5v.5`,
  plus: 'M12 5v14 M5 12h14',
  minus: 'M5 12h14',
  trash: 'M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13 M10 11v6 M14 11v6',
  edit: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
  share: `${circle(6, 12, 2.5)} ${circle(18, 6, 2.5)} ${circle(18, 18, 2.5)} M8.2 10.8l7.6-3.6 M8.2 13.2l7.6 3.6`,
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  'chevron-down': 'M6 9l6 6 6-6',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  delivery: `M3 6h11v10H3z M14 10h4l3 3v3h-7 ${circle(7, 18, 1.8)} ${circle(17, 18, 1.8)}`,
  lock: 'M6 11h12v9H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  refill: 'M20 12a8 8 0 1 1-2.3-5.7 M20 4v5h-5',
} as const satisfies Record<string, string>;
