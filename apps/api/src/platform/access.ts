import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UserRow } from "../modules/users/tables.ts";
import { AppError, forbidden, unauthorized } from "./errors.ts";

/** Who may call a route. Every route declares one in `config.access`; the server refuses to start otherwise. */
export type Access = "public" | "user" | "performer" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** `open`: answered even to blocked countries (the check itself, settings, health). */
    geo?: "open";
    /** `open`: answered during maintenance (health, settings, login so an admin can get in). */
    maintenance?: "open";
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
}

export interface AccessDeps {
  resolveToken(token: string): Promise<{ user: UserRow; sessionId: string } | null>;
  isCountryBlocked(ip: string): Promise<boolean>;
  isMaintenance(): Promise<boolean>;
}

/** `Authorization: Bearer <token>` or the bare token (DESIGN section 4). */
export function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization?.trim();
  if (!header) return null;
  const token = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : header;
  return token.length >= 20 && token.length <= 200 ? token : null;
}

const rank: Record<Exclude<Access, "public">, number> = { user: 1, performer: 2, admin: 3 };

/** A route as declared: its method, path and who may call it (the audit trail's coverage test reads these). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the app declared, in order (see DeclaredRoute). */
    declaredRoutes: DeclaredRoute[];
  }
}

export function registerAccess(app: FastifyInstance, deps: AccessDeps) {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  const declared: DeclaredRoute[] = [];
  app.decorate("declaredRoutes", declared);

  app.addHook("onRoute", (route) => {
    const url = route.url;
    // Routes added by plugins (CORS preflight, API docs, public files) are public by nature.
    if (route.method === "OPTIONS" || url.startsWith("/docs") || url.startsWith("/files")) {
      route.config = { ...route.config, access: "public", geo: "open", maintenance: "open" };
    }
    if (!route.config?.access) throw new Error(`Route ${route.method} ${url} does not declare who may call it`);
    for (const method of [route.method].flat()) declared.push({ method, url, access: route.config.access });
    // The OpenAPI document says who may call each route and that non-public ones take the bearer token.
    const access = route.config.access;
    if (route.schema && access !== "public") {
      route.schema = {
        ...route.schema,
        security: [{ bearer: [] }],
        description: [route.schema.description, `Who may call it: ${access}.`].filter(Boolean).join(" "),
      };
    }
  });

  app.addHook("onRequest", async (req) => {
    const config = req.routeOptions.config;
    const access = config.access;
    if (!access) return; // 404 handler
    const token = tokenFrom(req);
    if (token) {
      const session = await deps.resolveToken(token);
      if (session) {
        req.user = session.user;
        req.sessionId = session.sessionId;
      } else if (access !== "public") {
        throw unauthorized("Your session has expired. Please log in again.");
      }
    }
    const isAdmin = req.user?.role === "admin";
    if (config.geo !== "open" && !isAdmin && (await deps.isCountryBlocked(req.ip))) {
      throw new AppError(403, "GeoBlocked", "We've sorry. Website content is not available on your country.");
    }
    if (config.maintenance !== "open" && !isAdmin && (await deps.isMaintenance())) {
      throw new AppError(503, "Service Unavailable", "The site is under maintenance. Please come back soon.");
    }
    if (access === "public") return;
    if (!req.user) throw unauthorized();
    if (rank[req.user.role] < rank[access]) throw forbidden();
  });
}

/** The signed-in user in a handler whose route requires one. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
