/**
 * A stand-in for the protocol-document room in the live tests: `FakeRoomSocket` replaces the browser's
 * WebSocket (vi.stubGlobal) and each socket is served by a `FakeRoom` that speaks the y-websocket
 * messages of docs/api.md over a Y.Doc of its own, as the server does.
 */
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';

const SYNC = 0;
const AWARENESS = 1;
const STEP1 = 0;
const STEP2 = 1;
const UPDATE = 2;

function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

function message(prefix: number[], payload: Uint8Array): Uint8Array {
  return Uint8Array.from([...prefix, ...varUint(payload.length), ...payload]);
}

class Reader {
  private position = 0;
  constructor(private readonly bytes: Uint8Array) {}

  varUint(): number {
    let value = 0;
    let factor = 1;
    for (;;) {
      const byte = this.bytes[this.position++] ?? 0;
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      factor *= 128;
    }
  }

  bytesOf(): Uint8Array {
    const length = this.varUint();
    const out = this.bytes.slice(this.position, this.position + length);
    this.position += length;
    return out;
  }
}

export class FakeRoom {
  readonly doc = new Y.Doc();
  readonly sockets = new Set<FakeRoomSocket>();
  /** What each socket's clients announced, as the room relays awareness. */
  readonly awareness = new awarenessProtocol.Awareness(new Y.Doc());

  constructor() {
    this.awareness.setLocalState(null);
  }

  /** The server accepts a socket: open, then its sync step 1 (the client answers with step 2). */
  accept(socket: FakeRoomSocket) {
    this.sockets.add(socket);
    socket.room = this;
    socket.serverOpen();
    socket.deliver(message([SYNC, STEP1], Y.encodeStateVector(this.doc)));
  }

  receive(socket: FakeRoomSocket, data: Uint8Array) {
    const reader = new Reader(data);
    const kind = reader.varUint();
    if (kind === AWARENESS) {
      const update = reader.bytesOf();
      awarenessProtocol.applyAwarenessUpdate(this.awareness, update, socket);
      this.broadcast(message([AWARENESS], update), socket);
      return;
    }
    if (kind !== SYNC) return;
    const step = reader.varUint();
    const payload = reader.bytesOf();
    if (step === STEP1) {
      socket.deliver(message([SYNC, STEP2], Y.encodeStateAsUpdate(this.doc, payload)));
    } else if (step === STEP2 || step === UPDATE) {
      Y.applyUpdate(this.doc, payload, socket);
      this.broadcast(message([SYNC, UPDATE], payload), socket);
    }
  }

  /** A change made on the server (a REST write, another process): sent to every socket. */
  serverEdit(change: (doc: Y.Doc) => void) {
    const before = Y.encodeStateVector(this.doc);
    change(this.doc);
    this.broadcast(message([SYNC, UPDATE], Y.encodeStateAsUpdate(this.doc, before)));
  }

  /** Another device's presence arriving through the room. */
  peerPresence(user: { name: string; color: string } | null) {
    const peer = new awarenessProtocol.Awareness(new Y.Doc());
    peer.setLocalStateField('user', user);
    this.broadcast(message([AWARENESS], awarenessProtocol.encodeAwarenessUpdate(peer, [peer.clientID])));
    return peer;
  }

  private broadcast(data: Uint8Array, but?: FakeRoomSocket) {
    for (const socket of this.sockets) if (socket !== but) socket.deliver(data);
  }
}

type Handler<E extends Event> = ((event: E) => unknown) | null;

export class FakeRoomSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeRoomSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;

  readonly url: string;
  readyState = 0;
  binaryType = 'blob';
  protocol = '';
  bufferedAmount = 0;
  onopen: Handler<Event> = null;
  onmessage: Handler<MessageEvent> = null;
  onclose: Handler<CloseEvent> = null;
  onerror: Handler<Event> = null;
  room: FakeRoom | null = null;
  closedByClient = false;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeRoomSocket.all.push(this);
  }

  static reset() {
    FakeRoomSocket.all = [];
  }

  get ticket(): string | null {
    return new URL(this.url).searchParams.get('ticket');
  }

  send(data: ArrayBuffer | Uint8Array) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    // Asynchronously, as a network would: the provider is in the middle of its own handler.
    void Promise.resolve().then(() => this.room?.receive(this, bytes));
  }

  close() {
    if (this.readyState === 3) return;
    this.closedByClient = true;
    this.readyState = 3;
    this.room?.sockets.delete(this);
  }

  serverOpen() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  deliver(data: Uint8Array) {
    if (this.readyState !== 1) return;
    const copy = data.slice();
    void Promise.resolve().then(() => {
      if (this.readyState === 1) this.onmessage?.(new MessageEvent('message', { data: copy.buffer }));
    });
  }

  /** The server closes this socket with a code (as after a refusal, or a network drop with 1006). */
  serverClose(code: number) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.room?.sockets.delete(this);
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
