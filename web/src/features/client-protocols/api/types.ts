/**
 * Reply shapes of the client-side protocol calls, field for field as server/protocols/schemas.py
 * (SharedProtocolOut, LinkedProtocolOut) and server/cart/schemas.py (CartOut) declare them. Kept
 * here rather than imported from the builder, so the client's screens do not depend on that feature.
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

export interface ProtocolProduct {
  id: number;
  slug: string;
  name: string;
  brand: ProtocolBrand;
  assets: ProtocolAsset[];
  variants: ProtocolVariant[];
  product_variant_id: number;
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

export interface Practitioner {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
}

/** A protocol a practitioner shared with the caller, with the discount and notes of that share. */
export interface SharedProtocol extends Protocol {
  practitioner: Practitioner;
  /** Percent, 2 decimals. */
  discount: string;
  notes: string;
  shared_at: string;
}

/** A protocol reached by its link: never the clients, their notes or their discounts. */
export interface LinkedProtocol extends Protocol {
  practitioner: Practitioner;
}

export interface MessageReply {
  message: string;
}

export interface CartLine {
  product_id: number;
  product_variant_id: number;
  price: string;
  quantity: number;
  line_total: string;
  name: string;
  slug: string;
  sku: string;
  unit_of_measure: string;
  availability: number;
  assets: ProtocolAsset[];
}

/** The whole cart, as every cart write answers it. */
export interface CartReply {
  items: CartLine[];
  total_items: number;
  total_price: string;
  total_discount: string;
  total_price_after_discount: string;
  discount_rate: string;
  currency: string;
}
