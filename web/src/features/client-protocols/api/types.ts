import type { Schemas } from '../../../lib/api/types';

/** Reply shapes of the client-side protocol calls, as the server's schema declares them. */
export type ProtocolProduct = Schemas['ProtocolProductOut'];
/** A line's day (docs/decisions/0043-the-day-schedule.md): servings per time slot, with food, cycle, length, steps. */
export type LineSchedule = Schemas['ScheduleOut'];
/** The practitioner's substitute for a line (docs/decisions/0041-substitutes.md). */
export type LineSubstitute = Schemas['LineSubstituteOut'];
/** What a shared and a linked protocol have in common (the list's cards show either). */
export type Protocol = Schemas['ProtocolOut'];
export type Practitioner = Schemas['PractitionerOut'];
/** A protocol a practitioner shared with the caller, with the discount (percent) and notes of that share. */
export type SharedProtocol = Schemas['SharedProtocolOut'];
/** A protocol reached by its link: never the clients, their notes or their discounts. */
export type LinkedProtocol = Schemas['LinkedProtocolOut'];
export type MessageReply = Schemas['MessageOut'];
/** The whole cart, as every cart write answers it. */
export type CartReply = Schemas['CartOut'];
