import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';

import {
  addLine,
  moveLine,
  readDocProtocol,
  removeLine,
  renameProtocol,
  setLineNotes,
  setLineQuantity,
  setLineServings,
  setProtocolDescription,
  textChange,
} from './doc-protocol';
import { DocEditError, MAX_LINES, MAX_NOTES } from './doc-view';
import { exchange, seedDoc, twoPeers } from './testing/docs';

const ids = (doc: Y.Doc) => readDocProtocol(doc).lines.map((line) => line.variantId);
const line = (doc: Y.Doc, variantId: number) => readDocProtocol(doc).lines.find((l) => l.variantId === variantId);

function refusal(edit: () => void): string | null {
  try {
    edit();
    return null;
  } catch (error) {
    return error instanceof DocEditError ? error.reason : 'other';
  }
}

describe('reading the document', () => {
  it('reads name, description and the lines in order', () => {
    const doc = new Y.Doc();
    seedDoc(doc, {
      name: 'Sleep',
      description: 'Evening',
      lines: [
        { variantId: 12, quantity: 2, notes: 'with food', servingsPerDay: 2 },
        { variantId: 7, productId: 3 },
      ],
    });
    expect(readDocProtocol(doc)).toEqual({
      name: 'Sleep',
      description: 'Evening',
      lines: [
        { variantId: 12, productId: 120, quantity: 2, notes: 'with food', servingsPerDay: 2 },
        { variantId: 7, productId: 3, quantity: 1, notes: '', servingsPerDay: null },
      ],
    });
  });

  it('reads an empty document as nothing', () => {
    expect(readDocProtocol(new Y.Doc())).toEqual({ name: null, description: null, lines: [] });
  });

  it('ignores invalid entries and reads odd values as the server projects them', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 5 }, { variantId: 6 }, { variantId: 8 }] });
    doc.transact(() => {
      const items = doc.getMap('items');
      const order = doc.getArray('order');
      (items.get('5') as Y.Map<unknown>).set('quantity', 'lots');
      (items.get('6') as Y.Map<unknown>).set('quantity', 5000);
      (items.get('8') as Y.Map<unknown>).set('quantity', '3');
      (items.get('5') as Y.Map<unknown>).set('servings_per_day', 'two');
      (items.get('6') as Y.Map<unknown>).set('servings_per_day', 0);
      (items.get('8') as Y.Map<unknown>).set('servings_per_day', 1.3);
      items.set('9', 'not a map');
      items.set('abc', new Y.Map());
      // Not a variant, a variant without an item, a duplicate, and a number instead of a string.
      order.push(['x', '-4', '99', '5', 9, 0]);
      // An item the order does not name comes after the ordered ones.
      const loose = new Y.Map<unknown>();
      loose.set('quantity', 0);
      items.set('4', loose);
    });
    expect(readDocProtocol(doc).lines).toEqual([
      { variantId: 5, productId: 50, quantity: 1, notes: '', servingsPerDay: null },
      { variantId: 6, productId: 60, quantity: 999, notes: '', servingsPerDay: null },
      { variantId: 8, productId: 80, quantity: 3, notes: '', servingsPerDay: 1.25 },
      { variantId: 4, productId: null, quantity: 1, notes: '', servingsPerDay: null },
    ]);
  });
});

describe('edits on one document', () => {
  it('renames and describes, trimming the name and refusing a blank one', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { name: 'Sleep' });
    renameProtocol(doc, '  Deep sleep ');
    setProtocolDescription(doc, 'Before bed');
    expect(readDocProtocol(doc)).toMatchObject({ name: 'Deep sleep', description: 'Before bed' });
    expect(refusal(() => renameProtocol(doc, '   '))).toBe('empty-name');
    expect(readDocProtocol(doc).name).toBe('Deep sleep');
  });

  it('keeps a dose on quarter steps from 0.25 to 50, and another device reads the same dose', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 12 }] });
    setLineServings(a, 12, 1.6);
    expect(line(a, 12)?.servingsPerDay).toBe(1.5);
    setLineServings(a, 12, 0);
    expect(line(a, 12)?.servingsPerDay).toBe(0.25);
    setLineServings(a, 12, 75);
    expect(line(a, 12)?.servingsPerDay).toBe(50);
    exchange(a, b);
    expect(line(b, 12)?.servingsPerDay).toBe(50);
    expect(refusal(() => setLineServings(a, 99, 2))).toBe('not-in-protocol');
  });

  it('adds a line with a dose when one is given, and without one otherwise', () => {
    const doc = new Y.Doc();
    seedDoc(doc);
    addLine(doc, { variantId: 3, quantity: 1, servingsPerDay: 2 });
    addLine(doc, { variantId: 4, quantity: 1 });
    expect([line(doc, 3)?.servingsPerDay, line(doc, 4)?.servingsPerDay]).toEqual([2, null]);
  });

  it('keeps quantities between 1 and 999 and refuses a variant not in the protocol', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12 }] });
    setLineQuantity(doc, 12, 0);
    expect(line(doc, 12)?.quantity).toBe(1);
    setLineQuantity(doc, 12, 1200);
    expect(line(doc, 12)?.quantity).toBe(999);
    setLineQuantity(doc, 12, 4.7);
    expect(line(doc, 12)?.quantity).toBe(4);
    expect(refusal(() => setLineQuantity(doc, 13, 2))).toBe('not-in-protocol');
  });

  it('adds a new variant first, and adds to the quantity of one already there', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12, quantity: 998, notes: 'old' }] });
    addLine(doc, { variantId: 7, quantity: 0, productId: 3 });
    expect(ids(doc)).toEqual([7, 12]);
    expect(line(doc, 7)).toEqual({ variantId: 7, productId: 3, quantity: 1, notes: '', servingsPerDay: null });
    addLine(doc, { variantId: 12, quantity: 5, notes: '' });
    expect(line(doc, 12)).toMatchObject({ quantity: 999, notes: 'old' });
    addLine(doc, { variantId: 12, quantity: 1, notes: 'new' });
    expect(line(doc, 12)?.notes).toBe('new');
    expect(ids(doc)).toEqual([7, 12]);
  });

  it('refuses a line past the 100th', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: Array.from({ length: MAX_LINES }, (_, index) => ({ variantId: index + 1 })) });
    expect(refusal(() => addLine(doc, { variantId: 500, quantity: 1 }))).toBe('too-many-lines');
    addLine(doc, { variantId: 1, quantity: 1 });
    expect(line(doc, 1)?.quantity).toBe(2);
  });

  it('removes a line from the items and the order', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12 }, { variantId: 7 }] });
    removeLine(doc, 12);
    expect(ids(doc)).toEqual([7]);
    expect(doc.getArray('order').toArray()).toEqual(['7']);
    expect(refusal(() => removeLine(doc, 12))).toBe('not-in-protocol');
  });

  it('moves a line', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 1 }, { variantId: 2 }, { variantId: 3 }] });
    moveLine(doc, 1, 2);
    expect(ids(doc)).toEqual([2, 3, 1]);
    moveLine(doc, 1, 0);
    expect(ids(doc)).toEqual([1, 2, 3]);
    moveLine(doc, 3, 1);
    expect(ids(doc)).toEqual([1, 3, 2]);
    expect(refusal(() => moveLine(doc, 9, 0))).toBe('not-in-protocol');
  });

  it('cuts a pasted huge note to the server limit', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12 }] });
    setLineNotes(doc, 12, 'x'.repeat(MAX_NOTES + 500));
    expect(line(doc, 12)?.notes).toHaveLength(MAX_NOTES);
  });

  it('edits a text by its changed middle only, never splitting a surrogate pair', () => {
    expect(textChange('take daily', 'take twice daily')).toEqual({ index: 5, remove: 0, insert: 'twice ' });
    expect(textChange('abc', 'abc')).toEqual({ index: 3, remove: 0, insert: '' });
    expect(textChange('a😀b', 'a😃b')).toEqual({ index: 1, remove: 2, insert: '😃' });
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12, notes: 'a😀b' }] });
    setLineNotes(doc, 12, 'a😃b');
    expect(line(doc, 12)?.notes).toBe('a😃b');
  });
});

describe('two devices editing at once converge', () => {
  it('merges concurrent typing in one note instead of one device overwriting the other', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 12, notes: 'take daily' }] });
    setLineNotes(a, 12, 'take 2 daily');
    setLineNotes(b, 12, 'take daily with food');
    exchange(a, b);
    expect(line(a, 12)?.notes).toBe('take 2 daily with food');
    expect(readDocProtocol(b)).toEqual(readDocProtocol(a));
  });

  it('merges a rename on one device with a description on the other', () => {
    const { a, b } = twoPeers({ name: 'Sleep', description: 'Evening' });
    renameProtocol(a, 'Deep sleep');
    setProtocolDescription(b, 'Evening, with water');
    exchange(a, b);
    expect(readDocProtocol(a)).toMatchObject({ name: 'Deep sleep', description: 'Evening, with water' });
    expect(readDocProtocol(b)).toEqual(readDocProtocol(a));
  });

  it('keeps quantity, note, add and remove made on different devices', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 1 }, { variantId: 2 }, { variantId: 3 }] });
    setLineQuantity(a, 1, 4);
    addLine(a, { variantId: 9, quantity: 2, productId: 90 });
    setLineNotes(b, 1, 'morning');
    removeLine(b, 3);
    addLine(b, { variantId: 8, quantity: 1 });
    exchange(a, b);
    expect(readDocProtocol(a).lines.map(({ variantId, quantity, notes }) => [variantId, quantity, notes])).toEqual(
      expect.arrayContaining([
        [1, 4, 'morning'],
        [2, 1, ''],
        [9, 2, ''],
        [8, 1, ''],
      ]),
    );
    expect(ids(a)).toHaveLength(4);
    expect(ids(a).slice(2)).toEqual([1, 2]);
    expect(readDocProtocol(b)).toEqual(readDocProtocol(a));
  });

  it('lists a variant added on both devices once', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 1 }] });
    addLine(a, { variantId: 5, quantity: 2 });
    addLine(b, { variantId: 5, quantity: 3 });
    exchange(a, b);
    expect(ids(a)).toEqual([5, 1]);
    expect([2, 3]).toContain(line(a, 5)?.quantity);
    expect(readDocProtocol(b)).toEqual(readDocProtocol(a));
    // The next edit on either device still finds one line.
    setLineQuantity(b, 5, 7);
    exchange(a, b);
    expect(line(a, 5)?.quantity).toBe(7);
  });

  it('drops a line removed on one device while the other changed its quantity', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 1 }, { variantId: 2 }] });
    removeLine(a, 1);
    setLineQuantity(b, 1, 6);
    exchange(a, b);
    expect(ids(a)).toEqual([2]);
    expect(ids(b)).toEqual([2]);
  });

  it('shows one place for a line moved on both devices at once', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 1 }, { variantId: 2 }, { variantId: 3 }] });
    moveLine(a, 3, 0);
    moveLine(b, 3, 1);
    exchange(a, b);
    expect(ids(a)).toHaveLength(3);
    expect(ids(b)).toEqual(ids(a));
    expect(new Set(ids(a))).toEqual(new Set([1, 2, 3]));
  });

  it('keeps the later quantity when both devices set the same one', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 1 }] });
    setLineQuantity(a, 1, 2);
    setLineQuantity(b, 1, 3);
    exchange(a, b);
    expect(line(a, 1)?.quantity).toBe(line(b, 1)?.quantity);
  });
});
