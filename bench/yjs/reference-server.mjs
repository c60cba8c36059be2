// The Node reference of the Yjs room benchmark (docs/architecture.md, "Performance budget"): the stock y-websocket server
// (@y/websocket-server's setupWSConnection, in memory, no persistence), as its own bin/server.js starts it,
// with the host and port given on the command line and a clean exit on SIGTERM.
//
//   node bench/yjs/reference-server.mjs --port 1234 [--host 127.0.0.1]
//
// Any HTTP request answers 200 "okay" (the run waits for that); a WebSocket at /<room name> joins that
// room, so the benchmark's URL /ws/protocols/<id>/doc names the same rooms as on the project's server.
import http from 'node:http'
import { parseArgs } from 'node:util'

import { setupWSConnection } from '@y/websocket-server/utils'
import { WebSocketServer } from 'ws'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '1234' },
    host: { type: 'string', default: '127.0.0.1' }
  }
})

const wss = new WebSocketServer({ noServer: true })
wss.on('connection', setupWSConnection)

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/plain' })
  response.end('okay')
})
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => { wss.emit('connection', ws, request) })
})
server.listen(Number(values.port), values.host, () => {
  console.log(`y-websocket reference server at ${values.host}:${values.port}`)
})

process.on('SIGTERM', () => {
  for (const client of wss.clients) client.terminate()
  server.close(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
})
