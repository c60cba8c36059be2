/** Yjs documents for the live tests: one shaped as the server builds it, and peers that exchange updates. */
import * as Y from 'yjs';

/** A line's flat schedule map as the server writes it: one serving at breakfast, with or without food. */
export const BREAKFAST_FIELDS: Readonly<Record<string, unknown>> = {
  waking: 0,
  breakfast: 1,
  lunch: 0,
  dinner: 0,
  bedtime: 0,
  with_food: 'any',
  cycle: null,
  start_date: null,
  weeks: null,
  steps: [],
};

export interface SeedLine {
  variantId: number;
  productId?: number;
  quantity?: number;
  notes?: string;
  /** The schedule map's entries (anything, to test odd ones); null: no map, as in a document from before schedules. */
  schedule?: Readonly<Record<string, unknown>> | null;
}

/** Fills a document as the server's first build does (server/protocols/doc/shape.py `doc_build`). */
export function seedDoc(doc: Y.Doc, { name = 'Sleep', description = '', lines = [] as SeedLine[] } = {}) {
  doc.transact(() => {
    const meta = doc.getMap('meta');
    meta.set('name', new Y.Text(name));
    meta.set('description', new Y.Text(description));
    const items = doc.getMap('items');
    for (const line of lines) {
      const item = new Y.Map<unknown>();
      item.set('product_id', line.productId ?? line.variantId * 10);
      item.set('quantity', line.quantity ?? 1);
      const schedule = line.schedule === undefined ? BREAKFAST_FIELDS : line.schedule;
      if (schedule !== null) item.set('schedule', new Y.Map<unknown>(Object.entries(schedule)));
      item.set('notes', new Y.Text(line.notes ?? ''));
      items.set(String(line.variantId), item);
    }
    doc.getArray('order').push(lines.map((line) => String(line.variantId)));
  });
}

/** Brings both documents up to date with each other (what the room does for its clients). */
export function exchange(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

/** Two devices that start from the same server-built document and are not yet connected. */
export function twoPeers(seed: Parameters<typeof seedDoc>[1] = {}) {
  const server = new Y.Doc();
  seedDoc(server, seed);
  const a = new Y.Doc();
  const b = new Y.Doc();
  exchange(server, a);
  exchange(server, b);
  return { a, b };
}
