// A stock Yjs client of the protocol-document room, driven by the Python tests (realtime/tests/yroom.py).
//
//   node client.mjs <server ws url> <protocol id> <access token> <origin>
//
// It opens the room with y-websocket's WebsocketProvider (the `bearer` sub-protocol, Node's `ws` as the
// socket) and then reads one JSON command per line on stdin, answering each with one JSON line on stdout:
//   {"op": "state"}                                  -> {"state": {name, description, order, items}, "synced": bool}
//   {"op": "rename", "name": "..."}                  meta.name replaced
//   {"op": "describe", "text": "..."}                text appended to meta.description
//   {"op": "add", "variant": 12, "product": 3, "quantity": 2, "notes": ""}   new item, first in the order
//   {"op": "remove", "variant": 12}
//   {"op": "quantity", "variant": 12, "value": 5}    any JSON value (the tests also write bad ones)
//   {"op": "note", "variant": 12, "text": "..."}     text appended to the item's notes
//   {"op": "move", "variant": 12, "index": 0}        moved within the order
//   {"op": "presence", "name": "..."}                awareness local state
//   {"op": "peers"}                                  -> {"peers": [names of the other clients present]}
//   {"op": "garbage"}                                sends a frame that is not a y-websocket message
//   {"op": "closes"}                                 -> {"closes": [close codes seen so far]}
//   {"op": "reconnect"}                              after a 44xx close, which the provider does not retry
//   {"op": "burst", "variant": 12, "text": "x", "count": 100, "every": 20}
//                                                    appends text to the item's notes count times, one edit
//                                                    every `every` ms, in the background (online or not)
//   {"op": "bursting"}                               -> {"bursting": number of bursts still running}
//   {"op": "quit"}
import * as Y from 'yjs'
import { WebsocketProvider } from 'y-websocket'
import WebSocket from 'ws'
import readline from 'node:readline'

const [serverUrl, protocolId, token, origin] = process.argv.slice(2)

class OriginWebSocket extends WebSocket {
  constructor (url, protocols) {
    super(url, protocols, { origin })
  }
}

const doc = new Y.Doc()
const provider = new WebsocketProvider(`${serverUrl}/ws/protocols`, `${protocolId}/doc`, doc, {
  WebSocketPolyfill: OriginWebSocket,
  protocols: ['bearer', token],
  disableBc: true,
  maxBackoffTime: 500
})
const closes = []
provider.on('connection-close', (event) => { closes.push(event ? event.code : null) })

const meta = doc.getMap('meta')
const order = doc.getArray('order')
const items = doc.getMap('items')

function state () {
  const out = {}
  for (const [key, item] of items.entries()) {
    out[key] = item instanceof Y.Map
      ? { product_id: item.get('product_id'), quantity: item.get('quantity'), notes: String(item.get('notes') ?? '') }
      : null
  }
  return {
    name: String(meta.get('name') ?? ''),
    description: String(meta.get('description') ?? ''),
    order: order.toArray(),
    items: out
  }
}

function textOf (map, key) {
  let text = map.get(key)
  if (!(text instanceof Y.Text)) {
    text = new Y.Text()
    map.set(key, text)
  }
  return text
}

let bursting = 0

const ops = {
  state: () => ({ state: state(), synced: provider.synced }),
  rename: ({ name }) => doc.transact(() => {
    const text = textOf(meta, 'name')
    text.delete(0, text.length)
    text.insert(0, name)
  }),
  describe: ({ text }) => { const t = textOf(meta, 'description'); t.insert(t.length, text) },
  add: ({ variant, product, quantity, notes }) => doc.transact(() => {
    const item = new Y.Map()
    item.set('product_id', product)
    item.set('quantity', quantity)
    item.set('notes', new Y.Text(notes))
    items.set(String(variant), item)
    order.insert(0, [String(variant)])
  }),
  remove: ({ variant }) => doc.transact(() => {
    items.delete(String(variant))
    const index = order.toArray().indexOf(String(variant))
    if (index >= 0) order.delete(index, 1)
  }),
  quantity: ({ variant, value }) => { items.get(String(variant)).set('quantity', value) },
  note: ({ variant, text }) => { const t = textOf(items.get(String(variant)), 'notes'); t.insert(t.length, text) },
  move: ({ variant, index }) => doc.transact(() => {
    const from = order.toArray().indexOf(String(variant))
    order.delete(from, 1)
    order.insert(index, [String(variant)])
  }),
  presence: ({ name }) => { provider.awareness.setLocalStateField('user', { name }) },
  peers: () => ({
    peers: [...provider.awareness.getStates().entries()]
      .filter(([id, s]) => id !== doc.clientID && s.user)
      .map(([, s]) => s.user.name)
  }),
  garbage: () => { provider.ws.send(Uint8Array.from([0, 2, 4, 1, 2, 3, 4])) },
  closes: () => ({ closes }),
  reconnect: () => { provider.connect() },
  burst: ({ variant, text, count, every }) => {
    let left = count
    bursting++
    const timer = setInterval(() => {
      const t = textOf(items.get(String(variant)), 'notes')
      t.insert(t.length, text)
      left--
      if (left === 0) {
        clearInterval(timer)
        bursting--
      }
    }, every)
  },
  bursting: () => ({ bursting }),
  quit: () => { provider.destroy(); setTimeout(() => process.exit(0), 50) }
}

const lines = readline.createInterface({ input: process.stdin })
lines.on('line', (line) => {
  let reply
  try {
    const command = JSON.parse(line)
    reply = { ok: true, ...(ops[command.op](command) ?? {}) }
  } catch (error) {
    reply = { ok: false, error: String(error) }
  }
  process.stdout.write(JSON.stringify(reply) + '\n')
})
lines.on('close', () => { provider.destroy(); process.exit(0) })
