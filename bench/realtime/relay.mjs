// The reference of the events-socket benchmark (docs/architecture.md, "Performance budget"): the smallest Node relay of a Redis
// publish to WebSocket clients, measured by the same Python client as the project's Daphne process.
//
//   node bench/realtime/relay.mjs --port 9000 --redis redis://127.0.0.1:6379/0
//
//   GET  /health            -> 200, once Redis is connected
//   POST /publish/<user>    -> PUBLISH user.<user> <body>; answers {"receivers": n}
//   WS   /ws?user=<user>    -> every message published on user.<user>, verbatim; the first frame is
//                              {"type":"ready","user":...} once the subscription for that user is active,
//                              so the client knows no publish can be missed from then on.
//
// One subscriber connection, one SUBSCRIBE per user with sockets here (UNSUBSCRIBE when the last one
// closes), like a channel layer group that only the process holding a member hears.
import http from "node:http";
import { parseArgs } from "node:util";

import { createClient } from "redis";
import { WebSocketServer } from "ws";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "9000" },
    host: { type: "string", default: "127.0.0.1" },
    redis: { type: "string", default: "redis://127.0.0.1:6379/0" },
  },
});

const publisher = createClient({ url: values.redis });
const subscriber = publisher.duplicate();
for (const client of [publisher, subscriber]) {
  client.on("error", (error) => console.error("redis:", error.message));
}
await Promise.all([publisher.connect(), subscriber.connect()]);

/** @type {Map<string, Set<import("ws").WebSocket>>} */
const socketsByUser = new Map();

function relay(message, channel) {
  const sockets = socketsByUser.get(channel.slice("user.".length));
  if (sockets === undefined) return;
  for (const socket of sockets) socket.send(message);
}

async function join(user, socket) {
  let sockets = socketsByUser.get(user);
  if (sockets === undefined) {
    sockets = new Set();
    socketsByUser.set(user, sockets);
    sockets.add(socket);
    await subscriber.subscribe(`user.${user}`, relay);
  } else {
    sockets.add(socket);
  }
}

async function leave(user, socket) {
  const sockets = socketsByUser.get(user);
  if (sockets === undefined) return;
  sockets.delete(socket);
  if (sockets.size === 0) {
    socketsByUser.delete(user);
    await subscriber.unsubscribe(`user.${user}`);
  }
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://relay");
  if (request.method === "GET" && url.pathname === "/health") {
    response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    return;
  }
  const match = /^\/publish\/([\w-]{1,64})$/.exec(url.pathname);
  if (request.method !== "POST" || match === null) {
    response.writeHead(404).end();
    return;
  }
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    publisher
      .publish(`user.${match[1]}`, Buffer.concat(chunks).toString("utf8"))
      .then((receivers) => {
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ receivers }));
      })
      .catch((error) => {
        response.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ error: error.message }));
      });
  });
});

// No compression, like the project's Daphne process: frames are small and deflate costs memory per socket.
const sockets = new WebSocketServer({ server, path: "/ws", perMessageDeflate: false });
sockets.on("connection", (socket, request) => {
  const user = new URL(request.url ?? "/", "http://relay").searchParams.get("user");
  if (user === null || !/^[\w-]{1,64}$/.test(user)) {
    socket.close(4400, "user required");
    return;
  }
  socket.on("close", () => {
    leave(user, socket).catch((error) => console.error("unsubscribe:", error.message));
  });
  join(user, socket)
    .then(() => socket.send(JSON.stringify({ type: "ready", user })))
    .catch((error) => socket.close(1011, error.message.slice(0, 100)));
});

// A deep accept queue: the benchmark opens thousands of sockets in a burst.
server.listen({ port: Number(values.port), host: values.host, backlog: 4096 }, () => {
  console.log(`relay listening on ${values.host}:${values.port}`);
});

async function shutdown() {
  sockets.close();
  server.close();
  await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
