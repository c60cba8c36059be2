// The one client of the Yjs room benchmark (docs/architecture.md, "Performance budget"), used unchanged against the project's
// room, the Node y-websocket server and pycrdt-websocket: stock yjs documents, each with y-websocket's
// WebsocketProvider over Node's `ws`, like realtime/tests/yclient/client.mjs.
//
//   node bench/yjs/editors.mjs '<JSON config>'
//
// The config (bench/yjs/run.py writes it):
//   urls, origin     [ws://host:port/ws/protocols, ...] and the Origin header (the project checks it); editor
//                    e of a room talks to urls[e % urls.length], so with several server processes the
//                    editors of one room are spread over them (the cross-process relay is measured too)
//   rooms            [{protocol_id, token}]: room i is `${url}/${protocol_id}/doc`; with a token the socket
//                    offers the `bearer` sub-protocol (the project's outside-a-browser sign-in), else none
//   keys             the item keys (variant ids) of editors 0, 1, ... in every room
//   mode "measure"   editors A (editor 0) and B (editor 1) of room 0. A sets its item's quantity, B waits
//                    until its document shows that value: latency = seen - sent, one sample at a time,
//                    `warmup` untimed, then `samples` timed, A pausing a random pace[0]..pace[1] ms
//                    between two edits, for at most `max_seconds`. With `busy`, B also edits its own
//                    item at that pace (the loaded scenario: B is one of its room's editors too).
//   mode "load"      every editor of `editors` ([room, editor] pairs) edits its own item at the pace, and
//                    every edit is timed until each other editor of its room in this process sees it.
//                    Prints {"event":"ready"} once all are synced; records from `settle_ms` after that;
//                    stops at "stop" (or the end) of standard input, then waits up to 15 s until every
//                    editor's document shows every other editor's last value (of its room, in this
//                    process): `diverged` counts the pairs that never did (an edit lost), `drain_seconds`
//                    how long the backlog took to arrive.
//   mode "flood"     one client in room `room` sets its item's quantity `rate` times a second (each edit
//                    its own update frame), as a runaway or hostile client would; a stock provider, so it
//                    reconnects after the server closes it and floods again. Prints {"event":"ready"}
//                    once synced; stops at "stop" of standard input.
//
// The edit is what the builder does most: items[key].quantity = n (a Y.Map set, n in 2..999), on the
// document shape of docs/architecture.md, "The protocol-document room" (meta, order, items of Y.Map {product_id, quantity, notes: Y.Text}).
// The project's server builds each document from the protocol's rows (one line per editor); on the
// reference servers, which start empty, each editor first adds its own item in that shape.
//
// Output: JSON lines; the last is {"event":"result", ...} with the raw latencies in milliseconds.
import { performance } from "node:perf_hooks";
import readline from "node:readline";

import WebSocket from "ws";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";

const config = JSON.parse(process.argv[2]);
process.setMaxListeners(0); // each provider adds an exit listener
const SYNC_TIMEOUT_MS = 60_000;
const SEEN_TIMEOUT_MS = 10_000;
const DRAIN_TIMEOUT_MS = 15_000;

/** Resolves once written: stdout is a pipe, and process.exit would cut a long last line short. */
function emit(line) {
  return new Promise((resolve) => process.stdout.write(JSON.stringify(line) + "\n", resolve));
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function pause() {
  const [low, high] = config.pace;
  return sleep(low + Math.random() * (high - low));
}

function nextValue(previous) {
  return previous >= 999 ? 2 : previous + 1; // 2..999: a valid quantity, never the seeded 1
}

class OriginWebSocket extends WebSocket {
  constructor(url, protocols) {
    super(url, protocols, { origin: config.origin });
  }
}

const closes = []; // close codes of sockets the server ended (not the ones this client closes at the end)
let ending = false;

class Editor {
  constructor(room, index) {
    this.room = room;
    this.key = config.keys[index];
    this.doc = new Y.Doc();
    const { protocol_id: protocolId, token } = config.rooms[room];
    const url = config.urls[index % config.urls.length];
    this.provider = new WebsocketProvider(url, `${protocolId}/doc`, this.doc, {
      WebSocketPolyfill: OriginWebSocket,
      protocols: token ? ["bearer", token] : [],
      disableBc: true,
    });
    this.provider.on("connection-close", (event) => {
      if (!ending) closes.push(event ? event.code : null);
    });
    this.items = this.doc.getMap("items");
    this.order = this.doc.getArray("order");
    this.value = 1;
  }

  synced() {
    if (this.provider.synced) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no sync within 60 s")), SYNC_TIMEOUT_MS);
      this.provider.once("sync", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The editor's own line: built by the project's server from the rows, added here on the others. */
  ensureItem() {
    if (this.items.get(this.key) instanceof Y.Map) return;
    this.doc.transact(() => {
      const item = new Y.Map();
      item.set("product_id", Number(this.key));
      item.set("quantity", 1);
      item.set("notes", new Y.Text(""));
      this.items.set(this.key, item);
      this.order.insert(0, [this.key]);
    });
  }

  async itemOf(key) {
    const deadline = performance.now() + SYNC_TIMEOUT_MS;
    while (!(this.items.get(key) instanceof Y.Map)) {
      if (performance.now() > deadline) throw new Error(`item ${key} never arrived`);
      await sleep(10);
    }
  }

  /** The edit: returns the value written. */
  edit() {
    this.value = nextValue(this.value);
    this.items.get(this.key).set("quantity", this.value);
    return this.value;
  }

  /** Calls back(key, value, now) for every quantity another client wrote into this document. */
  onQuantity(back) {
    this.items.observeDeep((events, transaction) => {
      if (transaction.local) return;
      const now = performance.now();
      for (const event of events) {
        if (event.path.length === 1 && event.keysChanged?.has("quantity")) {
          back(event.path[0], event.target.get("quantity"), now);
        }
      }
    });
  }

  destroy() {
    this.provider.destroy();
  }
}

async function measure() {
  const a = new Editor(0, 0);
  await a.synced(); // one join at a time (see load)
  const b = new Editor(0, 1);
  await b.synced();
  a.ensureItem();
  b.ensureItem();
  await Promise.all([b.itemOf(a.key), a.itemOf(b.key)]);

  let pending = null; // {value, resolve}
  b.onQuantity((key, value, now) => {
    if (key === a.key && pending !== null && value === pending.value) {
      pending.resolve(now);
      pending = null;
    }
  });
  let busy = true;
  const background = (async () => {
    while (config.busy && busy) {
      await pause();
      if (busy) b.edit();
    }
  })();

  const latencies = [];
  let lost = 0;
  let cut = false;
  const deadline = performance.now() + config.max_seconds * 1000;
  for (let i = 0; i < config.warmup + config.samples; i++) {
    if (performance.now() > deadline) {
      cut = true; // a server that falls behind bounds the run's time, not its sample count
      break;
    }
    const seen = new Promise((resolve) => {
      pending = { value: 0, resolve };
    });
    const timeout = sleep(SEEN_TIMEOUT_MS).then(() => null);
    const sent = performance.now();
    pending.value = a.edit();
    const at = await Promise.race([seen, timeout]);
    if (at === null) {
      pending = null;
      lost += 1;
    } else if (i >= config.warmup) {
      latencies.push(Math.round((at - sent) * 1000) / 1000);
    }
    await pause();
  }
  busy = false;
  await background;
  ending = true;
  a.destroy();
  b.destroy();
  await emit({ event: "result", latencies_ms: latencies, lost, cut, closes });
}

/** Pairs of editors of one room where the first's document lacks the second's last value. */
function divergedPairs(editors) {
  let pairs = 0;
  for (const reader of editors) {
    for (const writer of editors) {
      if (writer === reader || writer.room !== reader.room) continue;
      if (reader.items.get(writer.key)?.get("quantity") !== writer.value) pairs += 1;
    }
  }
  return pairs;
}

async function load() {
  // Joined in waves of one editor per room (editor 0 of every room, then editor 1, ...): when several
  // sockets join one new room at once, pycrdt-websocket 0.16 drops all but the first (they come back after
  // the provider's backoff, half a minute for 20 rooms), and a hundred at once would overflow Daphne's
  // accept backlog (50).
  const editors = [];
  const opened = performance.now();
  for (let index = 0; index < config.keys.length; index++) {
    const wave = config.editors.filter(([, i]) => i === index).map(([room, i]) => new Editor(room, i));
    await Promise.all(wave.map((editor) => editor.synced()));
    editors.push(...wave);
  }
  const joinSeconds = (performance.now() - opened) / 1000;
  // Each editor's own item only: the measured pair's items (room 0) arrive when that process starts, and
  // the observers below see items added later too.
  for (const editor of editors) editor.ensureItem();

  // `${room}/${key}/${value}` -> when that edit was made here: every edit stays findable, not only each
  // editor's last one, so a delivery slower than the pace is still timed (values repeat after 998 edits).
  const sentAt = new Map();
  const latencies = [];
  let recording = false;
  for (const editor of editors) {
    editor.onQuantity((key, value, now) => {
      const sent = sentAt.get(`${editor.room}/${key}/${value}`);
      if (recording && sent !== undefined) latencies.push(Math.round((now - sent) * 1000) / 1000);
    });
  }
  emit({ event: "ready", editors: editors.length, join_seconds: joinSeconds });
  setTimeout(() => {
    recording = true;
  }, config.settle_ms).unref();

  let running = true;
  let edits = 0;
  const started = performance.now();
  const loops = editors.map(async (editor) => {
    await sleep(Math.random() * config.pace[1]); // spread the editors over the first period
    while (running) {
      const sent = performance.now();
      const value = editor.edit();
      sentAt.set(`${editor.room}/${editor.key}/${value}`, sent);
      edits += 1;
      await pause();
    }
  });

  await new Promise((resolve) => {
    const lines = readline.createInterface({ input: process.stdin });
    lines.on("line", (line) => {
      if (line.trim() === "stop") resolve();
    });
    lines.on("close", resolve);
  });
  running = false;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(loops);
  const stopped = performance.now();
  let diverged = divergedPairs(editors);
  while (diverged > 0 && performance.now() - stopped < DRAIN_TIMEOUT_MS) {
    await sleep(50); // the last edits' deliveries (a backlog, under overload)
    diverged = divergedPairs(editors);
  }
  const drainSeconds = (performance.now() - stopped) / 1000;
  await sleep(500); // late deliveries still timed
  ending = true;
  for (const editor of editors) editor.destroy();
  await emit({
    event: "result", latencies_ms: latencies, edits, seconds, diverged, drain_seconds: drainSeconds, closes,
  });
}

async function flood() {
  const flooder = new Editor(config.room, 0);
  await flooder.synced();
  flooder.ensureItem();
  emit({ event: "ready" });
  let sent = 0;
  const perTick = Math.max(1, Math.round(config.rate / 100));
  const started = performance.now();
  const timer = setInterval(() => {
    if (!(flooder.items.get(flooder.key) instanceof Y.Map)) return; // between a close and the next sync
    for (let i = 0; i < perTick; i++) {
      flooder.edit();
      sent += 1;
    }
  }, 10);
  await new Promise((resolve) => {
    const lines = readline.createInterface({ input: process.stdin });
    lines.on("line", (line) => {
      if (line.trim() === "stop") resolve();
    });
    lines.on("close", resolve);
  });
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  ending = true;
  flooder.destroy();
  await emit({ event: "result", sent, seconds, closes });
}

const modes = { measure, load, flood };

try {
  await modes[config.mode]();
  process.exit(0);
} catch (error) {
  await emit({ event: "error", error: String(error?.stack ?? error), closes });
  process.exit(1);
}
