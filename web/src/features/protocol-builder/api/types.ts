/**
 * The server's reply and payload shapes for practitioner protocols, field for field as
 * server/protocols/schemas.py (and the catalogue's BrandOut, AssetOut, VariantOut) declare them.
 * Money is a 2-decimal string in the caller's region's currency.
 */

export interface ProtocolBrand {
  brand_id: number;
  id: number;
  name: string;
  slug: string;
}

export interface ProtocolAsset {
  asset_id: number;
  asset_order: number;
  is_primary: boolean;
  image_url: string;
  alt_text: string;
  /** Spec section 3: the first asset has thumbnails at 75, 125 and 250 px. */
  thumbnails: { thumbnail_75: string; thumbnail_125: string; thumbnail_250: string };
}

export interface ProtocolVariant {
  id: number;
  sku: string;
  price: string;
  currency: string;
  unit_of_measure: string;
  weight: string | null;
  availability: number;
}

/** One line of a protocol: the product card with the line's variant first in `variants`. */
export interface ProtocolProduct {
  id: number;
  slug: string;
  name: string;
  brand: ProtocolBrand;
  assets: ProtocolAsset[];
  variants: ProtocolVariant[];
  product_variant_id: number;
  /** The quantity (spec section 3: default 1). */
  item_count: number;
  notes: string;
  price: string;
  line_total: string;
  is_available: boolean;
}

export interface Protocol {
  protocol_id: number;
  id: number;
  name: string;
  description: string;
  total_price: string;
  currency: string;
  product_count: number;
  products: ProtocolProduct[];
  created_at: string;
  updated_at: string;
}

/** Spec section 3 "Protocols list paging" without the data. */
export interface ProtocolPaging {
  current_page: number;
  limit: number;
  offset: number;
  total_pages: number;
  total_results: number;
}

export interface ProtocolPage extends ProtocolPaging {
  data: Protocol[];
}

export interface MessageReply {
  message: string;
}

export interface ProtocolMessageReply extends MessageReply {
  data: Protocol;
}

export interface DuplicateReply extends MessageReply {
  protocol_id: number;
  data: Protocol;
}

/** The product-update reply's line (spec section 3). */
export interface ProtocolLine {
  protocol_id: number;
  product_id: number;
  product_variant_id: number;
  notes: string;
  quantity: number;
}

export interface LineUpdateReply extends MessageReply {
  data: ProtocolLine;
}

export interface Client {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  discount_rate: string;
}

export interface ClientsReply {
  clients: Client[];
}

export interface Assignment {
  protocol_id: number;
  client: Client;
  discount: string;
  notes: string;
  /** True when the client was invited by e-mail and has not activated the account yet. */
  invited: boolean;
}

export interface AssignReply extends MessageReply {
  data: Assignment;
}

export interface LinkReply {
  link_token: string;
  /** The in-app path `/protocols/{link_token}` (without the language prefix). */
  link: string;
}

export interface TemplateLine {
  product_variant_id: number;
  notes: string | null;
}

export interface ProtocolTemplate {
  id: number;
  name: string;
  description: string;
  protocol_line_items: TemplateLine[];
}

export interface TemplateCreatedReply extends MessageReply {
  id: number;
  data: Protocol;
}

/** Payloads ------------------------------------------------------------------------------------- */

export interface ProtocolInput {
  name: string;
  description?: string | null;
}

/** Spec section 3 "Assign payload": an existing client by `user_id`, or a new one by `email`. */
export interface AssignInput {
  id: number;
  user_id?: number | null;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  discount?: number | null;
  notes?: string | null;
}

export interface TemplateCopyInput {
  protocol_template_id: number;
  name: string;
  description: string;
  protocol_line_items: TemplateLine[];
}
