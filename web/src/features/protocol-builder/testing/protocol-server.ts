/**
 * An in-memory practitioner-protocol server behind MSW for the screen tests: it answers the calls of
 * spec docs/spec-coverage.md#s7-protocol-list like server/protocols does (whole protocol after product
 * writes, pages of 5) and records every request, so a test can both click through the screens and check what
 * was sent.
 */
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';

import { SLOTS, type Slot } from '../../../lib/schedule/slots';
import type {
  ArrangeReply,
  Client,
  ConsideredMedicine,
  LineSchedule,
  LineSubstitute,
  NutrientReference,
  Protocol,
  ProtocolTemplate,
  SubstituteInput,
  TemplateCopyInput,
  VariantFacts,
} from '../api/types';
import { dailyTotals } from '../state/daily-totals';
import { dayWarnings, type RuleOut } from '../state/day-warnings';
import { addLine, removeLine, setSubstitute, updateLine } from '../state/protocol-math';
import { scheduleProblems } from '../state/schedule';
import type { HandlerHost } from './api-capture';
import { product, protocol as makeProtocol } from './protocol-fixtures';

export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

const BASE = '*/api/v2/account/practitioners';

function notFound() {
  return HttpResponse.json({ message: 'Protocol not found.', code: 'not_found', errors: {} }, { status: 404 });
}

const TEMPLATES = '*/api/v2/providers/local/protocols/templates';

export function protocolServer(
  server: HandlerHost,
  initial: Protocol[] = [],
  clients: Client[] = [],
  templates: ProtocolTemplate[] = [],
) {
  let protocols = initial.map((item) => structuredClone(item));
  let nextId = Math.max(100, ...protocols.map((item) => item.protocol_id)) + 1;
  const requests: SeenRequest[] = [];
  /** Replies that replace the normal answer for `METHOD path`, e.g. a failure. */
  const overrides = new Map<string, { status: number; body: JsonBodyType; wait?: number }>();
  /** Supplement facts by variant and the nutrients' reference, for the daily totals (none by default). */
  const nutrition: { facts: VariantFacts[]; reference: NutrientReference[] } = { facts: [], reference: [] };
  /**
   * The interaction rules and the clients' medicines (none by default); the warnings are worked out from the
   * stored protocol as the server does.
   */
  const interactions: { rules: RuleOut[]; medicines: ConsideredMedicine[] } = { rules: [], medicines: [] };
  /** What "Arrange the day" answers; null: every line where it is, nothing that cannot be kept. */
  const arrangement: { reply: ArrangeReply | null } = { reply: null };
  /** The variants that may stand in for a line, as the substitute call answers them (none by default). */
  const substitutes = new Map<number, LineSubstitute>();

  async function seen(request: Request) {
    const url = new URL(request.url);
    const text = await request.clone().text();
    const entry: SeenRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(entry);
    const override = overrides.get(`${entry.method} ${entry.path}`);
    if (override?.wait) await delay(override.wait);
    return { entry, override };
  }

  function find(id: unknown) {
    return protocols.find((item) => item.protocol_id === Number(id));
  }

  function store(next: Protocol) {
    protocols = protocols.map((item) => (item.protocol_id === next.protocol_id ? next : item));
    return next;
  }

  function page(list: Protocol[], pageNumber: number, limit: number) {
    return {
      data: list.slice((pageNumber - 1) * limit, pageNumber * limit),
      current_page: pageNumber,
      limit,
      offset: (pageNumber - 1) * limit,
      total_pages: Math.ceil(list.length / limit),
      total_results: list.length,
    };
  }

  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const { override } = await seen(request);
      if (override && override.status > 0) return HttpResponse.json(override.body, { status: override.status });
      return undefined;
    }),
    http.get(`${BASE}/protocols`, ({ request }) => {
      const url = new URL(request.url);
      const sort = url.searchParams.get('sort') ?? 'default';
      const list = [...protocols];
      if (sort === 'name_asc') list.sort((a, b) => a.name.localeCompare(b.name));
      if (sort === 'name_desc') list.sort((a, b) => b.name.localeCompare(a.name));
      return HttpResponse.json(page(list, Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('limit') ?? 5)));
    }),
    http.post(`${BASE}/protocols/search`, async ({ request }) => {
      const body = (await request.json()) as { query: string; page: number; limit: number };
      const list = protocols.filter((item) => item.name.toLowerCase().includes(body.query.toLowerCase()));
      return HttpResponse.json(page(list, body.page, body.limit));
    }),
    http.post(`${BASE}/protocols/create`, async ({ request }) => {
      const body = (await request.json()) as { name: string; description: string };
      const created = { ...makeProtocol(nextId++), name: body.name, description: body.description };
      protocols = [created, ...protocols];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(`${BASE}/protocols/duplicate`, async ({ request }) => {
      const body = (await request.json()) as { protocol_id: number };
      const source = find(body.protocol_id);
      if (!source) return notFound();
      const id = nextId++;
      const copy = { ...structuredClone(source), protocol_id: id, id, name: `${source.name} (copy)` };
      protocols = [copy, ...protocols];
      return HttpResponse.json({ message: 'Duplicated.', protocol_id: id, data: copy }, { status: 201 });
    }),
    http.all(`${TEMPLATES}*`, async ({ request }) => {
      const { override } = await seen(request);
      if (override && override.status > 0) return HttpResponse.json(override.body, { status: override.status });
      return undefined;
    }),
    http.get(TEMPLATES, () => HttpResponse.json(templates)),
    // Like server/providers: the template's lines (each at 10.00 here) under the name and description given.
    http.post(`${TEMPLATES}/create`, async ({ request }) => {
      const body = (await request.json()) as TemplateCopyInput;
      const template = templates.find((item) => item.id === body.protocol_template_id);
      if (!template) return HttpResponse.json({ message: 'Template not found.', code: 'not_found', errors: {} }, { status: 404 });
      const lines = (body.protocol_line_items ?? template.protocol_line_items).map((line) =>
        product(line.product_variant_id, '10.00', 1, line.notes ?? ''),
      );
      const id = nextId++;
      const created = {
        ...makeProtocol(id, lines),
        name: body.name || template.name,
        description: body.description || template.description,
      };
      protocols = [created, ...protocols];
      return HttpResponse.json({ message: 'Template added.', id, data: created }, { status: 201 });
    }),
    http.post(`${BASE}/protocols/assign`, () => HttpResponse.json({ message: 'Shared.', data: {} })),
    http.post(`${BASE}/protocols/:id/link`, ({ params }) =>
      HttpResponse.json({ link_token: `token-${String(params.id)}`, link: `/protocols/token-${String(params.id)}` }),
    ),
    http.delete(`${BASE}/protocols/:id/link`, () => HttpResponse.json({ message: 'Revoked.' })),
    http.get(`${BASE}/protocols/:id/daily-totals`, ({ params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const variants = new Set(found.products.map((item) => item.product_variant_id));
      const facts = nutrition.facts.filter((item) => variants.has(item.product_variant_id));
      const lines = found.products.map((item) => ({ variantId: item.product_variant_id, schedule: item.schedule }));
      return HttpResponse.json({ ...dailyTotals(lines, facts, nutrition.reference), facts, reference: nutrition.reference });
    }),
    http.get(`${BASE}/protocols/:id/interactions`, ({ params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const factsOf = new Map(nutrition.facts.map((item) => [item.product_variant_id, item.nutrients]));
      const lines = found.products.map((item) => ({
        variantId: item.product_variant_id,
        nutrients: factsOf.get(item.product_variant_id) ?? [],
        schedule: item.schedule,
      }));
      const medicines = interactions.medicines.map((item) => ({
        id: item.id,
        classes: item.classes,
        slots: item.slots.filter((slot): slot is Slot => (SLOTS as readonly string[]).includes(slot)),
      }));
      const warnings = dayWarnings(lines, medicines, interactions.rules).map((warning) => ({
        kind: warning.kind,
        severity: warning.severity,
        rule_id: warning.ruleId,
        lines: warning.lines,
        medicines: warning.medicines,
        nutrients: warning.nutrients,
        gap_hours: warning.rule.gap_hours,
        advice: warning.rule.advice,
        source: warning.rule.source,
      }));
      return HttpResponse.json({ warnings, medicines: interactions.medicines, rules: interactions.rules });
    }),
    http.post(`${BASE}/protocols/:id/arrange`, ({ params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const unmoved = found.products.map((item) => ({ product_variant_id: item.product_variant_id, schedule: item.schedule, moved: false }));
      return HttpResponse.json(arrangement.reply ?? { lines: unmoved, cannot: [] });
    }),
    http.get(`${BASE}/protocols/:id`, ({ params }) => {
      const found = find(params.id);
      return found ? HttpResponse.json(found) : notFound();
    }),
    http.put(`${BASE}/protocols/:id/update`, async ({ request, params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const body = (await request.json()) as { name: string; description: string | null };
      const next = store({ ...found, name: body.name, description: body.description ?? found.description });
      return HttpResponse.json({ message: 'Updated.', data: next });
    }),
    http.delete(`${BASE}/protocols/:id`, ({ params }) => {
      if (!find(params.id)) return notFound();
      protocols = protocols.filter((item) => item.protocol_id !== Number(params.id));
      return HttpResponse.json({ message: 'Deleted.' });
    }),
    http.post(`${BASE}/protocols/:id/products`, async ({ request, params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const body = (await request.json()) as { product_variant_id: number; quantity: number; notes: string | null };
      const next = store(addLine(found, product(body.product_variant_id, '10.00', body.quantity, body.notes ?? '')));
      return HttpResponse.json({ message: 'Added.', data: next });
    }),
    http.put(`${BASE}/protocols/:id/products`, async ({ request, params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const body = (await request.json()) as {
        product_variant_id: number;
        quantity: number | null;
        notes: string | null;
        schedule?: LineSchedule | null;
      };
      // Like server/protocols: a schedule that breaks a rule is a 422 naming the field, nothing changed.
      if (body.schedule && scheduleProblems(body.schedule).length > 0) {
        return HttpResponse.json(
          { message: 'The schedule is not valid.', code: 'validation_error', errors: { schedule: ['Not valid.'] } },
          { status: 422 },
        );
      }
      const next = store(
        updateLine(found, body.product_variant_id, {
          quantity: body.quantity ?? undefined,
          notes: body.notes ?? undefined,
          schedule: body.schedule ?? undefined,
        }),
      );
      const line = next.products.find((item) => item.product_variant_id === body.product_variant_id);
      return HttpResponse.json({
        message: 'Updated.',
        data: {
          protocol_id: next.protocol_id,
          product_id: line?.id ?? 0,
          product_variant_id: body.product_variant_id,
          notes: line?.notes ?? '',
          quantity: line?.item_count ?? 1,
          servings_per_day: line?.servings_per_day ?? 1,
          schedule: line?.schedule,
        },
      });
    }),
    // Like server/protocols: any known variant may stand in (422 otherwise), null clears; answers the protocol.
    http.put(`${BASE}/protocols/:id/products/:variantId/substitute`, async ({ request, params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const variantId = Number(params.variantId);
      if (!found.products.some((item) => item.product_variant_id === variantId)) {
        return HttpResponse.json({ message: 'This product is not in the protocol.', code: 'not_found', errors: {} }, { status: 404 });
      }
      const body = (await request.json()) as SubstituteInput;
      const chosen = body.substitute_variant_id === null ? null : (substitutes.get(body.substitute_variant_id) ?? undefined);
      if (chosen === undefined) {
        return HttpResponse.json({ message: 'There is no such product.', code: 'validation_error', errors: {} }, { status: 422 });
      }
      return HttpResponse.json({ message: 'Substitute saved.', data: store(setSubstitute(found, variantId, chosen)) });
    }),
    http.delete(`${BASE}/protocols/:id/products`, async ({ request, params }) => {
      const found = find(params.id);
      if (!found) return notFound();
      const body = (await request.json()) as { product_variant_id: number };
      return HttpResponse.json({ message: 'Removed.', data: store(removeLine(found, body.product_variant_id)) });
    }),
    http.post(`${BASE}/clients`, async ({ request }) => {
      const body = (await request.json()) as { keyword: string };
      const word = body.keyword.toLowerCase();
      return HttpResponse.json({
        clients: clients.filter((client) => `${client.first_name} ${client.last_name} ${client.email}`.toLowerCase().includes(word)),
      });
    }),
  );

  return {
    requests,
    writes: () => requests.filter((request) => request.method !== 'GET'),
    calls: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
    protocols: () => protocols,
    nutrition,
    interactions,
    arrangement,
    substitutes,
    /** Changes a protocol as another device would (the test then raises its event). */
    replace(next: Protocol) {
      store(structuredClone(next));
    },
    /** Answers `METHOD path` (path without /api) with this status and body from now on. */
    fail(method: string, path: string, status: number, body: JsonBodyType, wait?: number) {
      overrides.set(`${method} ${path}`, { status, body, wait });
    },
    /** Delays `METHOD path` without changing its answer. */
    slow(method: string, path: string, wait: number) {
      overrides.set(`${method} ${path}`, { status: 0, body: null, wait });
    },
  };
}

export function client(id: number, first: string, last: string, email: string): Client {
  return { id, first_name: first, last_name: last, email, discount_rate: '0.00' };
}
