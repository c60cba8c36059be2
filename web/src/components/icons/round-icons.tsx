import type { ReactElement } from 'react';

/**
 * The larger round icons of spec docs/spec-coverage.md#s3-icons-round "Icons": keyed protocol, clients and
 * commissionData, and a fourth the spec leaves unnamed, which we make `store` (the practitioner's shop page),
 * so the practice hub has one for each of its areas (docs/decisions/0016-spec-coverage.md). 48 × 48, a filled
 * disc with a white line glyph; decorative, the heading beside them says what they stand for.
 */

function Disc({ fill, children }: { fill: string; children: ReactElement | ReactElement[] }) {
  return (
    <>
      <circle cx="24" cy="24" r="24" fill={fill} />
      <g fill="none" stroke="#fff" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </>
  );
}

export const ROUND_ICONS = {
  protocol: (
    <Disc fill="#2f6f4f">
      <path d="M17 13h14v23H17z" />
      <path d="M21 11h6v4h-6z" />
      <path d="M21 21h6 M21 26h6 M21 31h4" />
    </Disc>
  ),
  clients: (
    <Disc fill="#3f5fa8">
      <circle cx="20" cy="19" r="4" />
      <path d="M12 34c1-5 4-8 8-8s7 3 8 8" />
      <circle cx="30" cy="18" r="3" />
      <path d="M29 24c4 0 7 3 7.5 8" />
    </Disc>
  ),
  commissionData: (
    <Disc fill="#b7791f">
      <path d="M13 35h22" />
      <path d="M16 35v-7 M22 35V22 M28 35v-10 M34 35V16" />
      <path d="M14 24l7-6 6 4 8-8" />
    </Disc>
  ),
  store: (
    <Disc fill="#8a3f8f">
      <path d="M13 20l2-7h18l2 7" />
      <path d="M13 20c0 2 1.5 3 3.5 3s3.5-1 3.5-3c0 2 1.5 3 4 3s4-1 4-3c0 2 1.5 3 3.5 3s3.5-1 3.5-3" />
      <path d="M15 23v12h18V23 M21 35v-7h6v7" />
    </Disc>
  ),
} as const satisfies Record<string, ReactElement>;
