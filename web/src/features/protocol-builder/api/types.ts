import type { Schemas } from '../../../lib/api/types';

/**
 * The server's reply and payload shapes for practitioner protocols, as its schema declares them.
 * Money is a 2-decimal string in the caller's region's currency.
 */
/** One line of a protocol: the product card with the line's variant first in `variants`; `item_count` is
 * the quantity (spec: docs/spec-coverage.md#s3-protocol-product: default 1). */
export type ProtocolProduct = Schemas['ProtocolProductOut'];
export type Protocol = Schemas['ProtocolOut'];
export type ProtocolPage = Schemas['ProtocolPageOut'];
/** Spec docs/spec-coverage.md#s3-protocols-list-paging "Protocols list paging" without the data. */
/**
 * What the practitioner would have clients take while a line's product is sold out
 * (docs/decisions/0041-substitutes.md); `price_difference` is signed against the line's variant.
 */
export type LineSubstitute = Schemas['LineSubstituteOut'];
/** One of the shop's alternatives for a variant, from the storefront's substitutes call. */
export type { SubstituteOffer } from '../../../lib/stock/product-substitutes';
export type ProtocolPaging = Omit<ProtocolPage, 'data'>;
export type MessageReply = Schemas['MessageOut'];
export type ProtocolMessageReply = Schemas['MessageDataOut'];
export type DuplicateReply = Schemas['DuplicateOut'];
export type LineUpdateReply = Schemas['LineUpdateOut'];
export type Client = Schemas['ClientOut'];
export type ClientsReply = Schemas['ClientsOut'];
export type AssignReply = Schemas['AssignOut'];
/** `link` is the in-app path `/protocols/{link_token}` (without the language prefix). */
export type LinkReply = Schemas['LinkOut'];
export type ProtocolTemplate = Schemas['TemplateOut'];
export type TemplateCreatedReply = Schemas['TemplateCreatedOut'];

/** Per nutrient, what the protocol adds up to a day (docs/api.md, "Daily doses and daily totals"). */
export type DailyTotals = Schemas['DailyTotalsOut'];
export type NutrientTotal = Schemas['NutrientTotalOut'];
/** The owner's totals with the facts and limits to add the live document up with. */
export type BuilderTotals = Schemas['BuilderTotalsOut'];
export type VariantFacts = Schemas['VariantFactsOut'];
export type NutrientReference = Schemas['ReferenceOut'];

/**
 * A protocol's spacing and interaction warnings (docs/api.md, "Medicines, spacing and interaction warnings"):
 * the server's warnings, the clients' medicines they were held against and every rule, so the builder holds
 * the rules against its live document itself (state/day-warnings.ts).
 */
export type Interactions = Schemas['InteractionsOut'];
export type ConsideredMedicine = Schemas['ConsideredMedicineOut'];
/** "Arrange the day": every line with its proposed schedule, and the rules no arrangement keeps. */
export type ArrangeReply = Schemas['ArrangeOut'];

/**
 * A line's day (docs/decisions/0043-the-day-schedule.md): servings per time slot, with food or not, an
 * optional cycle, start and length, and titration steps. The line's `servings_per_day` is its highest daily
 * sum (state/schedule.ts `scheduleDailyDose`).
 */
export type LineSchedule = Schemas['ScheduleOut'];
/** Servings per slot; a slot without servings is left out. */
export type ScheduleSlots = Schemas['SlotsOut'];
export type ScheduleStep = Schemas['StepOut'];
export type ScheduleCycle = Schemas['CycleOut'];

/* Payloads */
export type ProtocolInput = Schemas['ProtocolIn'];
/**
 * Spec docs/spec-coverage.md#s3-assign-payload "Assign payload": an existing client by `user_id`, or a new
 * one by `email`.
 */
export type AssignInput = Schemas['AssignIn'];
export type TemplateCopyInput = Schemas['TemplateCopyIn'];
export type LineAddInput = Schemas['LineAddIn'];
export type LineUpdateInput = Schemas['LineUpdateIn'];
export type SubstituteInput = Schemas['SubstituteIn'];
