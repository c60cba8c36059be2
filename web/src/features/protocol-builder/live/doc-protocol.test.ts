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
  setLineSchedule,
  setProtocolDescription,
  textChange,
} from './doc-protocol';
import { DocEditError, MAX_LINES, MAX_NOTES } from './doc-view';
import { schedule } from '../testing/protocol-fixtures';
import { BREAKFAST_FIELDS, exchange, seedDoc, twoPeers } from './testing/docs';

const ids = (doc: Y.Doc) => readDocProtocol(doc).lines.map((line) => line.variantId);
const line = (doc: Y.Doc, variantId: number) => readDocProtocol(doc).lines.find((l) => l.variantId === variantId);
const scheduleMap = (doc: Y.Doc, variantId: number) =>
  (doc.getMap('items').get(String(variantId)) as Y.Map<unknown>).get('schedule') as Y.Map<unknown> | undefined;
/** One serving at breakfast, as the REST fixtures' lines have it. */
const BREAKFAST = schedule();

/** The keys of the line's schedule map that the edit wrote. */
function writtenKeys(doc: Y.Doc, variantId: number, edit: () => void): string[] {
  const map = scheduleMap(doc, variantId);
  const keys: string[] = [];
  const listen = (event: Y.YMapEvent<unknown>) => keys.push(...event.keysChanged);
  map?.observe(listen);
  edit();
  map?.unobserve(listen);
  return keys.sort();
}

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
        { variantId: 12, quantity: 2, notes: 'with food', schedule: { ...BREAKFAST_FIELDS, dinner: 1, with_food: 'with' } },
        { variantId: 7, productId: 3, schedule: null },
      ],
    });
    expect(readDocProtocol(doc)).toEqual({
      name: 'Sleep',
      description: 'Evening',
      lines: [
        {
          variantId: 12,
          productId: 120,
          quantity: 2,
          notes: 'with food',
          schedule: schedule({ slots: { breakfast: 1, dinner: 1 }, with_food: 'with' }),
        },
        // A document from before schedules: the line keeps its REST schedule.
        { variantId: 7, productId: 3, quantity: 1, notes: '', schedule: null },
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
      { variantId: 5, productId: 50, quantity: 1, notes: '', schedule: BREAKFAST },
      { variantId: 6, productId: 60, quantity: 999, notes: '', schedule: BREAKFAST },
      { variantId: 8, productId: 80, quantity: 3, notes: '', schedule: BREAKFAST },
      { variantId: 4, productId: null, quantity: 1, notes: '', schedule: null },
    ]);
  });

  it("reads a schedule leniently, as the server projects it: a slot's odd value is an empty slot", () => {
    const doc = new Y.Doc();
    seedDoc(doc, {
      lines: [
        {
          variantId: 5,
          schedule: { waking: 'two', breakfast: 1.3, lunch: -1, dinner: 0.1, bedtime: 0, with_food: '', steps: null },
        },
        {
          variantId: 6,
          // The old dose entry is no longer read: the slots are the dose.
          schedule: { breakfast: 2, dinner: 1, with_food: 'without', cycle: { on_days: 5, off_days: 2 }, weeks: 12 },
        },
      ],
    });
    (doc.getMap('items').get('6') as Y.Map<unknown>).set('servings_per_day', 9);
    expect(line(doc, 5)?.schedule).toEqual(schedule({ slots: { breakfast: 1.25 } }));
    expect(line(doc, 6)?.schedule).toEqual(
      schedule({ slots: { breakfast: 2, dinner: 1 }, with_food: 'without', cycle: { on_days: 5, off_days: 2 }, weeks: 12 }),
    );
  });

  it.each<[string, Record<string, unknown>]>([
    ['no slot left', { breakfast: 'one', dinner: 0 }],
    ['more than 50 a day', { breakfast: 30, dinner: 30 }],
    ['an unknown with food', { with_food: 'sometimes' }],
    ['a cycle of 0 days', { cycle: { on_days: 0, off_days: 2 } }],
    ['a cycle of text', { cycle: '5/2' }],
    ['a length of 200 weeks', { weeks: 200 }],
    ['a start that is not a day', { start_date: '2026-02-30' }],
    ['steps out of order', { steps: [{ from_week: 4, slots: { breakfast: 2 } }, { from_week: 3, slots: { breakfast: 3 } }] }],
    ['a step in week 1', { steps: [{ from_week: 1, slots: { breakfast: 2 } }] }],
    ['a step beyond the length', { weeks: 4, steps: [{ from_week: 5, slots: { breakfast: 2 } }] }],
    ['a step without slots', { steps: [{ from_week: 2, slots: { lunch: 0 } }] }],
    ['nine steps', { steps: Array.from({ length: 9 }, (_, index) => ({ from_week: index + 2, slots: { breakfast: 1 } })) }],
  ])('reads a schedule that breaks a rule (%s) as none: the line keeps its own', (_, fields) => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 5, schedule: { ...BREAKFAST_FIELDS, ...fields } }] });
    expect(line(doc, 5)?.schedule).toBeNull();
  });

  it('reads steps written as a Y type as unreadable, as the server does', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 5 }] });
    const steps = new Y.Array<unknown>();
    doc.transact(() => {
      scheduleMap(doc, 5)?.set('steps', steps);
      steps.push([{ from_week: 2, slots: { breakfast: 2 } }]);
    });
    expect(line(doc, 5)?.schedule).toBeNull();
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

  it("writes only the schedule keys an edit changes, and another device reads the line's new day", () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 12 }] });
    expect(writtenKeys(a, 12, () => setLineSchedule(a, 12, { slots: { dinner: 1.5 } }, BREAKFAST))).toEqual(['dinner']);
    expect(writtenKeys(a, 12, () => setLineSchedule(a, 12, { with_food: 'with' }, BREAKFAST))).toEqual(['with_food']);
    expect(writtenKeys(a, 12, () => setLineSchedule(a, 12, { slots: { breakfast: 0 } }, BREAKFAST))).toEqual(['breakfast']);
    const timing = { cycle: { on_days: 5, off_days: 2 }, weeks: 12, steps: [{ from_week: 3, slots: { dinner: 2 } }] };
    expect(writtenKeys(a, 12, () => setLineSchedule(a, 12, timing, BREAKFAST))).toEqual(['cycle', 'steps', 'weeks']);
    // Nothing that is already so is written again.
    expect(writtenKeys(a, 12, () => setLineSchedule(a, 12, { with_food: 'with', weeks: 12 }, BREAKFAST))).toEqual([]);
    exchange(a, b);
    expect(line(b, 12)?.schedule).toEqual(schedule({ slots: { dinner: 1.5 }, with_food: 'with', ...timing }));
    expect(scheduleMap(b, 12)?.get('breakfast')).toBe(0);
    expect((b.getMap('items').get('12') as Y.Map<unknown>).has('servings_per_day')).toBe(false);
  });

  it('refuses a schedule edit that breaks a rule and writes nothing', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12 }] });
    const before = Y.encodeStateVector(doc);
    expect(refusal(() => setLineSchedule(doc, 12, { slots: { breakfast: 0 } }, BREAKFAST))).toBe('invalid-schedule');
    expect(refusal(() => setLineSchedule(doc, 12, { cycle: { on_days: 0, off_days: 2 } }, BREAKFAST))).toBe('invalid-schedule');
    expect(refusal(() => setLineSchedule(doc, 12, { weeks: 2, steps: [{ from_week: 3, slots: { lunch: 1 } }] }, BREAKFAST))).toBe(
      'invalid-schedule',
    );
    expect(Y.encodeStateVector(doc)).toEqual(before);
    expect(refusal(() => setLineSchedule(doc, 99, { with_food: 'with' }, BREAKFAST))).toBe('not-in-protocol');
  });

  it('gives an item from before schedules a map with every entry from the REST schedule on its first edit', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12, schedule: null }] });
    const rest = schedule({ slots: { breakfast: 1, dinner: 1 }, with_food: 'with', weeks: 8 });
    setLineSchedule(doc, 12, { slots: { lunch: 0.5 } }, rest);
    expect(scheduleMap(doc, 12)?.toJSON()).toEqual({
      waking: 0,
      breakfast: 1,
      lunch: 0.5,
      dinner: 1,
      bedtime: 0,
      with_food: 'with',
      cycle: null,
      start_date: null,
      weeks: 8,
      steps: [],
    });
    expect(line(doc, 12)?.schedule).toEqual({ ...rest, slots: { breakfast: 1, lunch: 0.5, dinner: 1 } });
  });

  it('rewrites a broken map whole on an edit, since one key alone would leave it broken', () => {
    const doc = new Y.Doc();
    seedDoc(doc, { lines: [{ variantId: 12, schedule: { ...BREAKFAST_FIELDS, breakfast: 0, cycle: { on_days: 0, off_days: 0 } } }] });
    expect(line(doc, 12)?.schedule).toBeNull();
    const rest = schedule({ slots: { dinner: 2 } });
    setLineSchedule(doc, 12, { with_food: 'without' }, rest);
    expect(line(doc, 12)?.schedule).toEqual(schedule({ slots: { dinner: 2 }, with_food: 'without' }));
  });

  it('adds a line with a schedule when one is given, and without one otherwise', () => {
    const doc = new Y.Doc();
    seedDoc(doc);
    const day = schedule({ slots: { breakfast: 1, bedtime: 1 } });
    addLine(doc, { variantId: 3, quantity: 1, schedule: day });
    addLine(doc, { variantId: 4, quantity: 1 });
    expect([line(doc, 3)?.schedule, line(doc, 4)?.schedule]).toEqual([day, null]);
    expect(refusal(() => addLine(doc, { variantId: 5, quantity: 1, schedule: schedule({ slots: {} }) }))).toBe('invalid-schedule');
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
    expect(line(doc, 7)).toEqual({ variantId: 7, productId: 3, quantity: 1, notes: '', schedule: null });
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

  it('keeps both slots when two devices change two slots of one line at once', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 1 }] });
    setLineSchedule(a, 1, { slots: { breakfast: 1.25 } }, BREAKFAST);
    setLineSchedule(b, 1, { slots: { dinner: 2 } }, BREAKFAST);
    setLineSchedule(b, 1, { with_food: 'with' }, BREAKFAST);
    exchange(a, b);
    const both = schedule({ slots: { breakfast: 1.25, dinner: 2 }, with_food: 'with' });
    expect(line(a, 1)?.schedule).toEqual(both);
    expect(line(b, 1)?.schedule).toEqual(both);
  });

  it('keeps the later quantity when both devices set the same one', () => {
    const { a, b } = twoPeers({ lines: [{ variantId: 1 }] });
    setLineQuantity(a, 1, 2);
    setLineQuantity(b, 1, 3);
    exchange(a, b);
    expect(line(a, 1)?.quantity).toBe(line(b, 1)?.quantity);
  });
});
