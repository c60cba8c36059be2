/**
 * The protocol as the live editor shows it: names, quantities, notes, schedules and order from the Yjs document;
 * what the document does not hold (product cards, brands, thumbnails, prices) from the REST protocol,
 * matched by variant id. No Yjs code here, so it stays in the main bundle.
 */
import type { LineSchedule, Protocol, ProtocolProduct } from '../api/types';
import { fromCents, toCents, unitPriceCents, withLine } from '../state/protocol-math';
import { scheduleDailyDose, scheduleDefault } from '../state/schedule';
import { DEFAULT_SERVINGS } from '../state/servings';
import type { DocProtocol } from './doc-view';

/**
 * A line the document has and the REST protocol does not have yet (added a moment ago, here or on
 * another device): no card and no price until the REST protocol refetches, which the server's
 * `protocol.updated` after its projection brings about. Screens recognise it by `isPendingProduct`.
 */
function pendingProduct(
  variantId: number,
  productId: number | null,
  quantity: number,
  notes: string,
  documented: LineSchedule | null,
): ProtocolProduct {
  // Until the server has it: the document's schedule, else one serving (the label's dose arrives with the card).
  const schedule = documented ?? scheduleDefault(DEFAULT_SERVINGS);
  return {
    id: productId ?? 0,
    slug: '',
    name: '',
    brand: { brand_id: 0, id: 0, name: '', slug: '' },
    assets: [],
    variants: [],
    product_variant_id: variantId,
    item_count: quantity,
    schedule,
    servings_per_day: scheduleDailyDose(schedule),
    notes,
    price: '',
    line_total: '',
    is_available: true,
    // The practitioner's substitute is not in the document (decision 0041): it arrives with the card.
    substitute: null,
  };
}

/** True for a line whose product card and price are not known yet (see `pendingProduct`). */
export function isPendingProduct(product: ProtocolProduct): boolean {
  return product.price === '' && product.slug === '';
}

function lineCents(product: ProtocolProduct): number {
  return isPendingProduct(product) ? 0 : unitPriceCents(product) * product.item_count;
}

/**
 * The document's protocol over the REST one. The total moves from the REST total by each line's change
 * (rather than a fresh sum), because the server's total also counts lines it leaves out of `products`;
 * pending lines count nothing until their price is known.
 */
export function mergeProtocol(rest: Protocol, doc: DocProtocol): Protocol {
  const cards = new Map(rest.products.map((product) => [product.product_variant_id, product]));
  const products = doc.lines.map(({ variantId, productId, quantity, notes, schedule }) => {
    const card = cards.get(variantId);
    // No readable schedule in the document (one from before schedules, or broken): the REST line's stands.
    return card
      ? withLine(card, quantity, notes, schedule ?? card.schedule)
      : pendingProduct(variantId, productId, quantity, notes, schedule);
  });
  const kept = new Set(doc.lines.map((line) => line.variantId));
  const before = rest.products.reduce((sum, product) => sum + lineCents(product), 0);
  const after = products.reduce((sum, product) => sum + lineCents(product), 0);
  const added = doc.lines.filter((line) => !cards.has(line.variantId)).length;
  const removed = rest.products.filter((product) => !kept.has(product.product_variant_id)).length;
  return {
    ...rest,
    name: doc.name !== null && doc.name.trim() !== '' ? doc.name : rest.name,
    description: doc.description ?? rest.description,
    products,
    product_count: Math.max(products.length, rest.product_count + added - removed),
    total_price: fromCents(toCents(rest.total_price) + after - before),
  };
}
