import type { Schemas } from '../../../lib/api/types';

/** Reply shapes of the public store calls, as the server's schema declares them. */
export type PublicStore = Schemas['PublicStoreOut'];
export type StoreType = PublicStore['type'];
export type StoreTheme = PublicStore['theme'];
export type StoreSection = Schemas['SectionOut'];
export type ImageSection = Schemas['ImageSectionOut'];
export type ApproachSection = Schemas['ApproachOut'];
export type StoreService = Schemas['ServiceOut'];
export type PackageFeature = Schemas['FeatureOut'];
/** `price` is free text shown as written ("£120 for three sessions"). */
export type StorePackage = Schemas['PackageOut'];
/** `opens`/`closes` are `HH:MM`, 24-hour time; `24:00` is midnight. */
export type OpeningHours = Schemas['HoursOut'];
export type Weekday = OpeningHours['day'];
export type ProtocolProduct = Schemas['ProtocolProductOut'];
/** A protocol the practitioner shows on the page: as its link page shows it, plus the link
 * (`/protocols/{link_token}`, without the language). */
export type StoreProtocol = Schemas['ShareableProtocolOut'];
export type StorePractitioner = Schemas['PractitionerOut'];
export type AttributionReply = Schemas['AttributionOut'];
/** The whole cart, as every cart write answers it. */
export type CartReply = Schemas['CartOut'];
