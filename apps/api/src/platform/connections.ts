import type { Server } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { Config } from "../config.ts";

/**
 * How long the server waits for slow or silent clients (DESIGN section 9), as Fastify server options:
 * - the request line and headers must arrive within `headersMs`;
 * - the socket is closed after `idleMs` without a byte in either direction. While a request body is arriving the
 *   server writes nothing, so this is also the body's inactivity timeout: a stalled upload, or a `Content-Length`
 *   that never arrives, is cut, while an upload that keeps sending, however slowly, is not;
 * - a whole request (headers and body) must arrive within `requestMs`: the ceiling for a body trickled a byte at a
 *   time, large enough for the biggest upload over a slow line (408 when it passes);
 * - an idle keep-alive connection is closed after `keepAliveMs`.
 */
export function serverTimeouts(timeouts: Config["timeouts"]) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks both deadlines on this interval (30 s by default, which would stretch a 20 s headers timeout).
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(timeouts.headersMs / 4))),
    },
  };
}

/**
 * Refuses (closes at once) a client's connections beyond `max` open at the same time from one address.
 * This works on TCP connections, before any request, so `X-Forwarded-For` cannot apply: the addresses in `exempt`
 * (by default loopback and the trusted proxies) are never capped, as a proxy or load balancer carries many
 * clients on its own address, and the web server's server rendering (and a same-origin proxy) reach the API from
 * loopback. `max` 0 turns the cap off.
 */
export function capConnectionsPerAddress(server: Server, { max, exempt }: Config["connectionsPerAddress"]) {
  if (max <= 0) return;
  const isExempt = proxyAddr.compile(exempt);
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress;
    if (!address || isExempt(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
