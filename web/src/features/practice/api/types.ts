import type { Schemas } from '../../../lib/api/types';

export type ClientPage = Schemas['ClientPageOut'];
export type ClientEntry = Schemas['ClientListEntryOut'];
export type ProtocolPage = Schemas['ProtocolPageOut'];
export type PractitionerStore = Schemas['StoreOut'];
export type ClientOrderPage = Schemas['ClientOrderPageOut'];
export type ClientSubscription = Schemas['PractitionerSubscriptionOut'];
export type ClientAdherence = Schemas['AdherenceOut'];
export type ProtocolAdherence = Schemas['ProtocolAdherenceOut'];
