/** The practitioner's store as `GET /v2/account/store` answers it (docs/api.md "Practitioner store"). */

export const STORE_TYPES = ['individual', 'clinic', 'online'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

export const STORE_THEMES = ['classic', 'fresh', 'warm', 'calm', 'bold'] as const;
export type StoreTheme = (typeof STORE_THEMES)[number];

export const PAYOUT_METHODS = ['not_set', 'paypal', 'bank_account'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

/** docs/api.md "Service icons"; `leaf` is the server's default. */
export const SERVICE_ICONS = [
  'leaf',
  'allergy',
  'blood',
  'brain',
  'energy',
  'eye',
  'gallbladder',
  'hair',
  'heart',
  'joint',
  'kidneys',
  'liver',
  'stomach',
  'bones',
  'gut',
  'hormones',
  'immune',
  'lungs',
  'muscle',
  'skin',
  'sleep',
  'stress',
  'thyroid',
  'weight',
  'consultation',
  'nutrition',
  'herbs',
  'lab-test',
  'video-call',
  'calendar',
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export interface TitledSection {
  title: string;
  description: string;
}

export interface ImageSection extends TitledSection {
  image: string | null;
}

export interface ApproachSection extends TitledSection {
  image_1: string | null;
  image_2: string | null;
}

export interface OpeningRange {
  day: Day;
  opens: string;
  closes: string;
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
  price: string;
  image: string | null;
  features: PackageFeature[];
}

export interface Store {
  id: number;
  type: StoreType;
  theme: StoreTheme;
  shop_name: string | null;
  shop_path: string | null;
  header: ImageSection;
  about: ImageSection;
  message: string;
  services_header: TitledSection;
  services: StoreService[];
  packages: StorePackage[];
  contact: { description: string };
  opening_hours: OpeningRange[];
  timezone: string;
  approach: ApproachSection;
  show_protocols: boolean;
  payout_method: PayoutMethod;
  created_at: string;
  updated_at: string;
}

/** The fields `PUT /v2/account/store` takes besides the sections (those have their own calls here). */
export interface StoreSettingsInput {
  type?: StoreType;
  theme?: StoreTheme;
  shop_name?: string;
  show_protocols?: boolean;
  payout_method?: PayoutMethod;
}

export type AvailabilityReason = 'invalid' | 'reserved' | 'taken';

export interface Availability {
  name: string;
  available: boolean;
  reason: AvailabilityReason | null;
  message: string;
}

export interface ServiceInput {
  name: string;
  description: string;
  icon: string;
}

export interface PackageInput {
  name: string;
  description: string;
  price: string;
  features?: string[];
}
