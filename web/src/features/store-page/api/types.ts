/**
 * Reply shapes of the public store calls, field for field as server/stores/schemas.py (PublicStoreOut,
 * AttributionOut) and server/protocols/schemas.py (ProtocolOut) declare them. Kept here rather than
 * imported from another feature: features do not import each other.
 */

export type StoreType = 'individual' | 'clinic' | 'online';
export type StoreTheme = 'classic' | 'fresh' | 'warm' | 'calm' | 'bold';
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface StoreSection {
  title: string;
  description: string;
}

export interface ImageSection extends StoreSection {
  image: string | null;
}

export interface ApproachSection extends StoreSection {
  image_1: string | null;
  image_2: string | null;
}

export interface StoreService {
  id: number;
  name: string;
  description: string;
  icon: string;
  order: number;
}

export interface PackageFeature {
  feature_id: number;
  text: string;
}

export interface StorePackage {
  id: number;
  order: number;
  name: string;
  description: string;
  /** Free text shown as written ("£120 for three sessions"). */
  price: string;
  image: string | null;
  features: PackageFeature[];
}

export interface OpeningHours {
  day: Weekday;
  /** `HH:MM`, 24-hour time. */
  opens: string;
  /** `HH:MM`, 24-hour time; `24:00` is midnight. */
  closes: string;
}

export interface ProtocolProduct {
  id: number;
  slug: string;
  name: string;
  product_variant_id: number;
  item_count: number;
  price: string;
  line_total: string;
  is_available: boolean;
}

/** A protocol the practitioner shows on the page: as its link page shows it, plus the link. */
export interface StoreProtocol {
  protocol_id: number;
  id: number;
  name: string;
  description: string;
  total_price: string;
  currency: string;
  product_count: number;
  products: ProtocolProduct[];
  link_token: string;
  /** `/protocols/{link_token}`, without the language. */
  link: string;
}

export interface StorePractitioner {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
}

/** `GET /v2/storefront/stores/{shop_name}`: a section left empty is null; lists are empty. */
export interface PublicStore {
  type: StoreType;
  theme: StoreTheme;
  shop_name: string | null;
  header: ImageSection | null;
  about: ImageSection | null;
  message: string | null;
  services_header: StoreSection | null;
  services: StoreService[];
  packages: StorePackage[];
  contact: { description: string } | null;
  opening_hours: OpeningHours[];
  timezone: string | null;
  approach: ApproachSection | null;
  practitioner: StorePractitioner;
  protocols: StoreProtocol[];
  updated_at: string;
}

export interface AttributionReply {
  message: string;
  recorded: number;
}

/** The whole cart, as every cart write answers it (only what this page reads). */
export interface CartReply {
  total_items: number;
  total_price: string;
  currency: string;
}
