import type { RequestBody, Schemas } from '../../../lib/api/types';

/** The practitioner's store as `GET /v2/account/store` answers it (docs/api.md "Practitioner store"). */

export const STORE_TYPES = ['individual', 'clinic', 'online'] as const satisfies readonly Store['type'][];
export type StoreType = (typeof STORE_TYPES)[number];

export const STORE_THEMES = ['classic', 'fresh', 'warm', 'calm', 'bold'] as const satisfies readonly Store['theme'][];
export type StoreTheme = (typeof STORE_THEMES)[number];

export const PAYOUT_METHODS = ['not_set', 'paypal', 'bank_account'] as const satisfies readonly Store['payout_method'][];
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const satisfies readonly OpeningRange['day'][];
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

export type TitledSection = Schemas['SectionOut'];
export type OpeningRange = Schemas['HoursOut'];
export type StoreService = Schemas['ServiceOut'];
export type PackageFeature = Schemas['FeatureOut'];
export type StorePackage = Schemas['PackageOut'];
export type Store = Schemas['StoreOut'];

/** The fields `PUT /v2/account/store` takes besides the sections (those have their own calls here). */
export type StoreSettingsInput = Pick<
  NonNullable<RequestBody<'server_stores_api_store_update'>>,
  'type' | 'theme' | 'shop_name' | 'show_protocols' | 'payout_method'
>;

export type Availability = Schemas['AvailabilityOut'];
export type ServiceInput = Schemas['ServiceIn'];
export type PackageInput = Schemas['PackageIn'];
