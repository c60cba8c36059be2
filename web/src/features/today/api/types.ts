import type { Schemas } from '../../../lib/api/types';

/** The client's day: the slots with something to take, in the day's order. */
export type Day = Schemas['DayOut'];
export type DaySlot = Schemas['DaySlotOut'];
export type DayItem = Schemas['DayItemOut'];
export type CheckInBody = Schemas['CheckInIn'];
export type CheckInState = CheckInBody['state'];
/** The streak and each protocol's adherence. */
export type OwnAdherence = Schemas['OwnAdherenceOut'];
export type DaySettings = Schemas['DaySettingsIO'];
export type CalendarFeed = Schemas['CalendarOut'];
export type Erased = Schemas['ErasedOut'];
export type Message = Schemas['MessageOut'];
