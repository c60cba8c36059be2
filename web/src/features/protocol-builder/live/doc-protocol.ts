/**
 * The protocol's Yjs document (docs/architecture.md, "The protocol-document room", docs/api.md "The document"), read and edited:
 *
 *   meta   Y.Map   {name: Y.Text, description: Y.Text}
 *   order  Y.Array [variant id as a string, ...]   newest first
 *   items  Y.Map   {variant id: Y.Map {product_id: number, quantity: number, notes: Y.Text,
 *                                       schedule: Y.Map}}
 *
 * A line's `schedule` map is flat (docs/decisions/0043-the-day-schedule.md): one entry per slot (`waking`,
 * `breakfast`, `lunch`, `dinner`, `bedtime`; 0 or absent: nothing), `with_food`, `cycle`, `start_date`,
 * `weeks` and `steps` (the last four plain values). Flat, so that two devices changing two slots both keep
 * their change: an edit writes only the entries it changes. The item's old `servings_per_day` entry is no
 * longer read or written: the dose is the schedule's.
 *
 * Any client may write anything into the document, so reading never trusts a type and reads it the way
 * the server's projector does (server/protocols/doc/shape.py): what the editor shows is what will be stored.
 * Every edit is one transaction, so the other devices see it whole.
 */
import * as Y from 'yjs';

import type { LineSchedule } from '../api/types';
import { MAX_QUANTITY, quantityToAdd, quantityToSend } from '../state/quantity';
import {
  applySchedulePatch,
  scheduleFields,
  scheduleProblems,
  scheduleRead,
  type SchedulePatch,
} from '../state/schedule';
import {
  DocEditError,
  MAX_DESCRIPTION,
  MAX_LINES,
  MAX_NAME,
  MAX_NOTES,
  type AddLine,
  type DocLine,
  type DocProtocol,
} from './doc-view';

interface Roots {
  meta: Y.Map<unknown>;
  order: Y.Array<unknown>;
  items: Y.Map<unknown>;
}

function rootsOf(doc: Y.Doc): Roots {
  return { meta: doc.getMap('meta'), order: doc.getArray('order'), items: doc.getMap('items') };
}

/** Variant ids are map keys, so strings; numbers in `order` are accepted too, as the server does. */
export function variantKeyOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) {
    const id = Number(value);
    return id > 0 ? id : null;
  }
  return null;
}

/** A whole number from a number or a numeric string (other clients may write either), else null. */
function wholeOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value === 'string' && value.trim() !== '') return wholeOf(Number(value.trim().slice(0, 20)));
  return null;
}

function textOf(value: unknown): string | null {
  if (value instanceof Y.Text) return value.toJSON();
  return typeof value === 'string' ? value : null;
}

function scheduleMapOf(item: Y.Map<unknown>): Y.Map<unknown> | null {
  const value = item.get('schedule');
  return value instanceof Y.Map ? (value as Y.Map<unknown>) : null;
}

/**
 * The schedule a map holds, read from its entries as they are (a Y type where a plain value belongs makes
 * it unreadable, as it does for the server); null without a map or when it breaks a rule.
 */
function scheduleOf(map: Y.Map<unknown> | null): LineSchedule | null {
  return map ? scheduleRead(Object.fromEntries(map.entries())) : null;
}

function lineOf(variantId: number, item: unknown): DocLine | null {
  if (!(item instanceof Y.Map)) return null;
  const map = item as Y.Map<unknown>;
  const quantity = wholeOf(map.get('quantity'));
  const productId = wholeOf(map.get('product_id'));
  return {
    variantId,
    productId: productId !== null && productId > 0 ? productId : null,
    // A missing or unreadable quantity counts as one, as the projector stores it.
    quantity: quantity === null ? 1 : Math.min(MAX_QUANTITY, Math.max(1, quantity)),
    notes: (textOf(map.get('notes')) ?? '').slice(0, MAX_NOTES),
    schedule: scheduleOf(scheduleMapOf(map)),
  };
}

/** The document as plain data; never throws for odd content, leaves out what it cannot read. */
export function readDocProtocol(doc: Y.Doc): DocProtocol {
  let roots: Roots;
  try {
    roots = rootsOf(doc);
  } catch {
    // A root already defined locally as another type: nothing of ours to read.
    return { name: null, description: null, lines: [] };
  }
  const { meta, order, items } = roots;
  const keys = new Map<number, string>();
  for (const key of items.keys()) {
    const id = variantKeyOf(key);
    if (id !== null && !keys.has(id)) keys.set(id, key);
  }
  const lines = new Map<number, DocLine>();
  for (const entry of order.toArray()) {
    const id = variantKeyOf(entry);
    const key = id === null ? undefined : keys.get(id);
    if (id === null || key === undefined || lines.has(id)) continue;
    const line = lineOf(id, items.get(key));
    if (line) lines.set(id, line);
  }
  // Items the order does not name (a client wrote the item only) come after, as the projector puts them.
  for (const [id, key] of [...keys].sort((a, b) => b[0] - a[0])) {
    if (lines.has(id)) continue;
    const line = lineOf(id, items.get(key));
    if (line) lines.set(id, line);
  }
  const name = textOf(meta.get('name'));
  const description = textOf(meta.get('description'));
  return {
    name: name === null ? null : name.slice(0, MAX_NAME),
    description: description === null ? null : description.slice(0, MAX_DESCRIPTION),
    lines: [...lines.values()].slice(0, MAX_LINES),
  };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The smallest change turning `before` into `after`: the differing middle. Never splits a surrogate
 * pair, since Yjs would turn half a pair into U+FFFD.
 */
export function textChange(before: string, after: string): { index: number; remove: number; insert: string } {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start -= 1;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) {
    end += 1;
  }
  if (end > 0 && isLowSurrogate(before.charCodeAt(before.length - end))) end -= 1;
  return { index: start, remove: before.length - end - start, insert: after.slice(start, after.length - end) };
}

/**
 * Sets a Y.Text by editing only what differs, so that another device's concurrent typing elsewhere in
 * the same text survives (a delete-all-and-insert would drop it).
 */
function setText(parent: Y.Map<unknown>, key: string, value: string) {
  const current = parent.get(key);
  if (!(current instanceof Y.Text)) {
    parent.set(key, new Y.Text(value));
    return;
  }
  const { index, remove, insert } = textChange(current.toJSON(), value);
  if (remove > 0) current.delete(index, remove);
  if (insert !== '') current.insert(index, insert);
}

function itemOf(items: Y.Map<unknown>, variantId: number): Y.Map<unknown> | null {
  const item = items.get(String(variantId));
  return item instanceof Y.Map ? (item as Y.Map<unknown>) : null;
}

function existingItem(items: Y.Map<unknown>, variantId: number): Y.Map<unknown> {
  const item = itemOf(items, variantId);
  if (!item) throw new DocEditError('not-in-protocol');
  return item;
}

/** Removes every entry of the variant from `order` (a concurrent add or move can leave two). */
function dropFromOrder(order: Y.Array<unknown>, variantId: number) {
  const entries = order.toArray();
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    if (variantKeyOf(entries[index]) === variantId) order.delete(index, 1);
  }
}

export function renameProtocol(doc: Y.Doc, name: string) {
  const value = name.trim().slice(0, MAX_NAME);
  if (value === '') throw new DocEditError('empty-name');
  doc.transact(() => setText(rootsOf(doc).meta, 'name', value));
}

export function setProtocolDescription(doc: Y.Doc, description: string) {
  doc.transact(() => setText(rootsOf(doc).meta, 'description', description.slice(0, MAX_DESCRIPTION)));
}

/**
 * Spec docs/spec-coverage.md#s5-quantity's rules: a whole number from 1 to 999 (the box keeps digits only
 * before this).
 */
export function setLineQuantity(doc: Y.Doc, variantId: number, quantity: number) {
  const value = quantityToSend(quantity);
  doc.transact(() => {
    const item = existingItem(rootsOf(doc).items, variantId);
    if (item.get('quantity') !== value) item.set('quantity', value);
  });
}

function scheduleMap(schedule: LineSchedule): Y.Map<unknown> {
  return new Y.Map<unknown>(Object.entries(scheduleFields(schedule)));
}

/** The schedule map's keys a patch changes. */
function patchKeys(patch: SchedulePatch): string[] {
  const slots = Object.entries(patch.slots ?? {})
    .filter(([, servings]) => servings !== undefined)
    .map(([slot]) => slot);
  const others = (['with_food', 'cycle', 'start_date', 'weeks', 'steps'] as const).filter((key) => patch[key] !== undefined);
  return [...slots, ...others];
}

function sameEntry(current: unknown, next: unknown): boolean {
  // A Y type where a plain value belongs is never "the same": it is replaced.
  if (current instanceof Y.AbstractType) return false;
  return current === next || JSON.stringify(current) === JSON.stringify(next);
}

/**
 * Changes the entries of a line's schedule that the patch names, in one transaction, writing only those
 * keys: another device's concurrent change to another slot (or `with_food`, ...) survives the merge. The
 * result must keep the rules (DocEditError `invalid-schedule` otherwise, nothing written).
 *
 * `fallback` is the schedule the line shows without a readable map (the REST line's): an item from before
 * schedules gets a map with every entry from it, and an unreadable map has every entry that differs
 * rewritten, since one key alone would leave it unreadable.
 */
export function setLineSchedule(doc: Y.Doc, variantId: number, patch: SchedulePatch, fallback: LineSchedule) {
  const item = existingItem(rootsOf(doc).items, variantId);
  const map = scheduleMapOf(item);
  const current = scheduleOf(map);
  const next = applySchedulePatch(current ?? fallback, patch);
  if (scheduleProblems(next).length > 0) throw new DocEditError('invalid-schedule');
  const fields = scheduleFields(next);
  doc.transact(() => {
    if (!map) {
      item.set('schedule', scheduleMap(next));
      return;
    }
    for (const key of current ? patchKeys(patch) : Object.keys(fields)) {
      if (!sameEntry(map.get(key), fields[key])) map.set(key, fields[key]);
    }
  });
}

export function setLineNotes(doc: Y.Doc, variantId: number, notes: string) {
  doc.transact(() => setText(existingItem(rootsOf(doc).items, variantId), 'notes', notes.slice(0, MAX_NOTES)));
}

export function removeLine(doc: Y.Doc, variantId: number) {
  doc.transact(() => {
    const { order, items } = rootsOf(doc);
    const present = readDocProtocol(doc).lines.some((line) => line.variantId === variantId);
    if (!present) throw new DocEditError('not-in-protocol');
    items.delete(String(variantId));
    dropFromOrder(order, variantId);
  });
}

/**
 * As the REST add (spec: docs/spec-coverage.md#s4-adding-product-puts-first): a new variant goes first in the
 * order; one already there gets the quantity added (held at 999) and keeps its place, and a non-empty note
 * replaces its note.
 */
export function addLine(doc: Y.Doc, { variantId, quantity, notes = '', productId = null, schedule = null }: AddLine) {
  const count = quantityToAdd(quantity);
  const note = notes.slice(0, MAX_NOTES);
  if (schedule && scheduleProblems(schedule).length > 0) throw new DocEditError('invalid-schedule');
  doc.transact(() => {
    const { order, items } = rootsOf(doc);
    const lines = readDocProtocol(doc).lines;
    const current = lines.find((line) => line.variantId === variantId);
    const item = itemOf(items, variantId);
    if (current && item) {
      item.set('quantity', Math.min(MAX_QUANTITY, current.quantity + count));
      if (note.trim() !== '') setText(item, 'notes', note);
      return;
    }
    if (lines.length >= MAX_LINES) throw new DocEditError('too-many-lines');
    const added = new Y.Map<unknown>();
    added.set('product_id', productId ?? 0);
    added.set('quantity', count);
    // Without a schedule the server gives the line the label's suggested dose when it projects.
    if (schedule) added.set('schedule', scheduleMap(schedule));
    added.set('notes', new Y.Text(note));
    items.set(String(variantId), added);
    dropFromOrder(order, variantId);
    order.insert(0, [String(variantId)]);
  });
}

/** Moves a line to `toIndex` of the lines as read (newest first). */
export function moveLine(doc: Y.Doc, variantId: number, toIndex: number) {
  doc.transact(() => {
    const { order } = rootsOf(doc);
    const others = readDocProtocol(doc).lines.filter((line) => line.variantId !== variantId);
    if (others.length === readDocProtocol(doc).lines.length) throw new DocEditError('not-in-protocol');
    dropFromOrder(order, variantId);
    const target = Math.max(0, Math.min(others.length, Math.floor(toIndex)));
    const before = others[target]?.variantId;
    const entries = order.toArray();
    const at = before === undefined ? -1 : entries.findIndex((entry) => variantKeyOf(entry) === before);
    order.insert(at < 0 ? entries.length : at, [String(variantId)]);
  });
}
