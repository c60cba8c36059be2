/**
 * Spacing and interaction warnings of the protocol on screen, worked out live from its lines as the live
 * document has them, with the rules of server/nutrition/interactions.py (docs/decisions/0043-the-day-schedule.md):
 * the rules (`RuleOut`, sent in the interactions reply) held against every phase of the day (week 1 and each
 * week a titration step of some line starts), the client's medicines beside the lines. The two must change
 * together: day-warnings.cases.json, written by the server's engine, holds the worked cases both give.
 *
 * Reference figures, not medical advice. Built for a keystroke: the rules are compiled once per rules array,
 * each line's slots become a bit mask per phase, and a gap is one look-up in a table of slot masks.
 */
import type { components } from '../../../lib/api/schema';
import { SLOTS, type Slot } from '../../../lib/schedule/slots';
import type { ScheduleSlots } from '../api/types';

/** A rule as the builder holds it against its live document (the same rules as the server's). */
export type RuleOut = components['schemas']['RuleOut'];
type SideOut = components['schemas']['SideOut'];

/** The clock hour each slot stands for, which the spacing rules measure gaps with (as the server's). */
export const SLOT_HOURS: Readonly<Record<Slot, number>> = { waking: 7, breakfast: 8, lunch: 13, dinner: 19, bedtime: 22 };

/** A protocol line as the rules see it: what one serving holds, and when it is taken. */
export interface DayWarningLine {
  variantId: number;
  /** Empty: no supplement facts (no rule can concern it). */
  nutrients: readonly { nutrient: string; form: string; per_serving: number }[];
  schedule: {
    slots: ScheduleSlots;
    steps: readonly { from_week: number; slots: ScheduleSlots }[];
    weeks: number | null;
  };
}

/** One of the clients' medicines: its id, the classes it belongs to and when it is taken (none: no set time). */
export interface DayWarningMedicine {
  id: string;
  classes: readonly string[];
  slots: readonly Slot[];
}

export interface DayWarning {
  ruleId: string;
  kind: RuleOut['kind'];
  severity: RuleOut['severity'];
  /** Variant ids, in the order of the lines given. */
  lines: number[];
  /** Medicine ids, sorted. */
  medicines: string[];
  /** The nutrients concerned (a duplicate's, a duration's), sorted. */
  nutrients: string[];
  rule: RuleOut;
}

// Float products of decimal amounts land a hair either side of an amount they reach exactly (the server
// works in decimals).
const EPSILON = 1e-9;

const SLOT_COUNT = SLOTS.length;
const MASKS = 1 << SLOT_COUNT;
const SLOT_BIT: Readonly<Record<string, number>> = Object.fromEntries(SLOTS.map((slot, index) => [slot, 1 << index]));
/** Neither mask has a slot: nothing to measure. */
const NO_GAP = 255;
/** The least hours between any slot of mask a and any slot of mask b, at [a * MASKS + b]. */
const LEAST_GAP: Uint8Array = (() => {
  const hours = SLOTS.map((slot) => SLOT_HOURS[slot]);
  const table = new Uint8Array(MASKS * MASKS).fill(NO_GAP);
  for (let a = 1; a < MASKS; a++) {
    for (let b = 1; b < MASKS; b++) {
      let least = NO_GAP;
      hours.forEach((first, i) => {
        if (!(a & (1 << i))) return;
        hours.forEach((second, j) => {
          if (b & (1 << j)) least = Math.min(least, Math.abs(first - second));
        });
      });
      table[a * MASKS + b] = least;
    }
  }
  return table;
})();

interface CompiledSide {
  nutrients: readonly string[];
  /** Nutrient -> the only forms counted; absent (or empty on the wire): every form. */
  forms: ReadonlyMap<string, ReadonlySet<string>>;
  medicines: ReadonlySet<string>;
}

interface CompiledRule {
  rule: RuleOut;
  index: number;
  a: CompiledSide | null;
  b: CompiledSide | null;
  /** A duplicate rule's nutrients, sorted. */
  nutrients: readonly string[];
}

function compileSide(side: SideOut | null): CompiledSide | null {
  if (!side) return null;
  const forms = new Map<string, ReadonlySet<string>>();
  for (const [nutrient, listed] of Object.entries(side.forms)) {
    if (listed.length > 0) forms.set(nutrient, new Set(listed));
  }
  return { nutrients: [...new Set(side.nutrients)], forms, medicines: new Set(side.medicines) };
}

/** Rules compiled once per rules array (the interactions reply's, which stays while the builder is open). */
const compiledRules = new WeakMap<readonly RuleOut[], readonly CompiledRule[]>();

function compile(rules: readonly RuleOut[]): readonly CompiledRule[] {
  let compiled = compiledRules.get(rules);
  if (!compiled) {
    compiled = rules.map((rule, index) => ({
      rule,
      index,
      a: compileSide(rule.a),
      b: compileSide(rule.b),
      nutrients: [...new Set(rule.nutrients)].sort(),
    }));
    compiledRules.set(rules, compiled);
  }
  return compiled;
}

/** The slots with servings (a live document may hold 0 for an emptied slot), as bits in the day's order. */
function slotMask(slots: ScheduleSlots): number {
  let mask = 0;
  SLOTS.forEach((slot, index) => {
    if ((slots[slot] ?? 0) > 0) mask |= 1 << index;
  });
  return mask;
}

function slotSum(slots: ScheduleSlots): number {
  let sum = 0;
  for (const slot of SLOTS) {
    const servings = slots[slot] ?? 0;
    if (servings > 0) sum += servings;
  }
  return sum;
}

/** The slots of week `week` (1 is the first): the base slots until a step starts, as the server's. */
function slotsInWeek(schedule: DayWarningLine['schedule'], week: number): ScheduleSlots {
  let current = schedule.slots;
  for (const step of schedule.steps) {
    if (step.from_week <= week) current = step.slots;
  }
  return current;
}

const byIndex = (a: number, b: number) => a - b;

/**
 * Every warning the rules give for these lines and medicines: "avoid" before "caution", then in the rules'
 * order; each rule once per set of lines, medicines and nutrients it concerns. One product holding both sides
 * of a rule is not warned about (it cannot be spaced from itself), nor are two medicines.
 */
export function dayWarnings(
  lines: readonly DayWarningLine[],
  medicines: readonly DayWarningMedicine[],
  rules: readonly RuleOut[],
): DayWarning[] {
  const lineCount = lines.length;

  // The phases: week 1 and every week a step of some line starts.
  const weekSet = new Set<number>([1]);
  for (const line of lines) for (const step of line.schedule.steps) weekSet.add(step.from_week);
  const weeks = [...weekSet].sort(byIndex);
  const phaseCount = weeks.length;

  // Each line's slot mask and servings a day, per phase.
  const lineMasks = new Uint8Array(lineCount * phaseCount);
  const lineSums = new Float64Array(lineCount * phaseCount);
  lines.forEach((line, index) => {
    weeks.forEach((week, phase) => {
      const slots = slotsInWeek(line.schedule, week);
      lineMasks[index * phaseCount + phase] = slotMask(slots);
      lineSums[index * phaseCount + phase] = slotSum(slots);
    });
  });

  // Medicines are items after the lines: item lineCount + k is the k-th distinct medicine id.
  const meds: DayWarningMedicine[] = [];
  const medMasks: number[] = [];
  const seenIds = new Set<string>();
  for (const medicine of medicines) {
    if (seenIds.has(medicine.id)) continue; // the server knows a medicine once, by its id
    seenIds.add(medicine.id);
    meds.push(medicine);
    let mask = 0;
    for (const slot of medicine.slots) mask |= SLOT_BIT[slot] ?? 0;
    medMasks.push(mask);
  }
  const itemCount = lineCount + meds.length;
  const maskOf = (item: number, phase: number): number =>
    item < lineCount ? (lineMasks[item * phaseCount + phase] ?? 0) : (medMasks[item - lineCount] ?? 0);

  // Nutrient -> the lines holding it (index order, each once) and, per amount, its line and form.
  const holders = new Map<string, number[]>();
  const amounts = new Map<string, { line: number; form: string }[]>();
  lines.forEach((line, index) => {
    for (const amount of line.nutrients) {
      const held = holders.get(amount.nutrient);
      if (!held) holders.set(amount.nutrient, [index]);
      else if (held[held.length - 1] !== index) held.push(index);
      const listed = amounts.get(amount.nutrient);
      if (!listed) amounts.set(amount.nutrient, [{ line: index, form: amount.form }]);
      else listed.push({ line: index, form: amount.form });
    }
  });

  // Stamps instead of cleared arrays: a line marked with the current stamp matched the current side; a pair
  // marked with the current rule's stamp was already seen for it.
  const lineMarks = new Uint32Array(lineCount);
  let lineStamp = 0;
  const pairMarks = new Uint32Array(itemCount * itemCount);

  /** The items a side matches: the lines in their order, then the medicines in theirs. */
  const matching = (side: CompiledSide): number[] => {
    const found: number[] = [];
    lineStamp += 1;
    let low = lineCount;
    let high = -1;
    for (const nutrient of side.nutrients) {
      const listed = amounts.get(nutrient);
      if (!listed) continue;
      const forms = side.forms.get(nutrient);
      for (const amount of listed) {
        if (forms && !forms.has(amount.form)) continue;
        lineMarks[amount.line] = lineStamp;
        if (amount.line < low) low = amount.line;
        if (amount.line > high) high = amount.line;
      }
    }
    for (let index = low; index <= high; index++) {
      if (lineMarks[index] === lineStamp) found.push(index);
    }
    if (side.medicines.size > 0) {
      meds.forEach((medicine, k) => {
        if (side.medicines.has(medicine.id) || medicine.classes.some((key) => side.medicines.has(key))) {
          found.push(lineCount + k);
        }
      });
    }
    return found;
  };

  /** Each unordered pair of items once, in the order first seen; never an item with itself or two medicines. */
  const pairs = (entry: CompiledRule, a: CompiledSide, b: CompiledSide): [number, number][] => {
    const firsts = matching(a);
    if (firsts.length === 0) return [];
    const seconds = matching(b);
    const stamp = entry.index + 1;
    const found: [number, number][] = [];
    for (const first of firsts) {
      for (const second of seconds) {
        if (first === second || (first >= lineCount && second >= lineCount)) continue;
        const key = first < second ? first * itemCount + second : second * itemCount + first;
        if (pairMarks[key] === stamp) continue;
        pairMarks[key] = stamp;
        found.push([first, second]);
      }
    }
    return found;
  };

  const found: DayWarning[] = [];
  const keys = new Set<string>();
  const add = (rule: RuleOut, lineIndexes: number[], medicineIds: string[], nutrients: string[]) => {
    const variantIds = lineIndexes.map((index) => lines[index]?.variantId ?? 0);
    const key = `${rule.id}\u0000${variantIds.join(',')}\u0000${medicineIds.join(',')}\u0000${nutrients.join(',')}`;
    if (keys.has(key)) return;
    keys.add(key);
    found.push({
      ruleId: rule.id,
      kind: rule.kind,
      severity: rule.severity,
      lines: variantIds,
      medicines: medicineIds,
      nutrients,
      rule,
    });
  };
  const addPair = (rule: RuleOut, first: number, second: number) => {
    if (first < lineCount && second < lineCount) {
      add(rule, first < second ? [first, second] : [second, first], [], []);
    } else {
      const line = first < lineCount ? first : second;
      const medicine = meds[(first < lineCount ? second : first) - lineCount];
      add(rule, [line], medicine ? [medicine.id] : [], []);
    }
  };

  for (const entry of compile(rules)) {
    const rule = entry.rule;
    switch (rule.kind) {
      case 'spacing': {
        const gap = rule.gap_hours;
        if (gap === null || !entry.a || !entry.b) break;
        for (const [first, second] of pairs(entry, entry.a, entry.b)) {
          for (let phase = 0; phase < phaseCount; phase++) {
            const a = maskOf(first, phase);
            const b = maskOf(second, phase);
            if (a && b && (LEAST_GAP[a * MASKS + b] ?? NO_GAP) < gap) {
              addPair(rule, first, second);
              break;
            }
          }
        }
        break;
      }
      case 'interaction': {
        if (!entry.a || !entry.b) break;
        for (const [first, second] of pairs(entry, entry.a, entry.b)) addPair(rule, first, second);
        break;
      }
      case 'duplicate': {
        for (const nutrient of entry.nutrients) {
          const held = holders.get(nutrient);
          if (!held || held.length < 2) continue;
          for (let phase = 0; phase < phaseCount; phase++) {
            // The slots in the order first met (holders in order, each one's slots in the day's order),
            // as the server groups them.
            let seen = 0;
            const order: number[] = [];
            for (const index of held) {
              const mask = lineMasks[index * phaseCount + phase] ?? 0;
              for (let bit = 1; bit < MASKS; bit <<= 1) {
                if (mask & bit && !(seen & bit)) {
                  seen |= bit;
                  order.push(bit);
                }
              }
            }
            for (const bit of order) {
              const together = held.filter((index) => (lineMasks[index * phaseCount + phase] ?? 0) & bit);
              if (together.length > 1) add(rule, together, [], [nutrient]);
            }
          }
        }
        break;
      }
      case 'duration': {
        const { nutrient, daily_amount: dailyAmount, max_weeks: maxWeeks } = rule;
        if (nutrient === null || dailyAmount === null || maxWeeks === null) break;
        lines.forEach((line, index) => {
          let perServing = 0;
          for (const amount of line.nutrients) {
            if (amount.nutrient === nutrient) perServing += amount.per_serving;
          }
          if (!perServing) return;
          const length = line.schedule.weeks;
          if (length !== null && length <= maxWeeks) return;
          let daily = 0;
          for (let phase = 0; phase < phaseCount; phase++) {
            daily = Math.max(daily, (lineSums[index * phaseCount + phase] ?? 0) * perServing);
          }
          if (daily >= dailyAmount - EPSILON) add(rule, [index], [], [nutrient]);
        });
        break;
      }
    }
  }

  // "avoid" first, then "caution", each in the rules' order.
  return [
    ...found.filter((warning) => warning.severity === 'avoid'),
    ...found.filter((warning) => warning.severity !== 'avoid'),
  ];
}
