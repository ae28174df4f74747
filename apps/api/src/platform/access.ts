import { REAUTH_MINUTES, REAUTHENTICATION_REQUIRED, TWO_FACTOR_REQUIRED } from "@marquee/contracts/auth";
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
    /** Has the signed-in account turned two-factor sign-in on? */
    twoFactorEnabled: boolean;
    /** When the password was last typed again in this session (re-authentication), if it was. */
    reauthenticatedAt: Date | null;
  }
}

/** A signed-in session as the access check sees it. */
export interface ResolvedSession {
  user: UserRow;
  sessionId: string;
  twoFactorEnabled: boolean;
  reauthenticatedAt: Date | null;
}

export interface AccessDeps {
  resolveToken(token: string): Promise<ResolvedSession | null>;
  /** Admin routes refuse an admin without two-factor sign-in (ADMIN_2FA_REQUIRED, on by default). */
  adminTwoFactorRequired: boolean;
  /**
   * The demo seed's own requests (app.inject inside this process, DEMO_SEED_HEADER set to this random key) build the
   * demo catalogue as the demo admin, who has no two-factor sign-in until a person turns it on. The key never leaves
   * the process.
   */
  demoSeedKey?: string;
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
  app.decorateRequest("twoFactorEnabled", false);
  app.decorateRequest("reauthenticatedAt", null);

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
        req.twoFactorEnabled = session.twoFactorEnabled;
        req.reauthenticatedAt = session.reauthenticatedAt;
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
    const seeding = deps.demoSeedKey !== undefined && req.headers[DEMO_SEED_HEADER] === deps.demoSeedKey;
    if (access === "admin" && deps.adminTwoFactorRequired && !req.twoFactorEnabled && !seeding) {
      throw twoFactorRequired("Turn on two-factor sign-in (My account → Security) before using the admin tools.");
    }
  });
}

/** The header of the demo seed's in-process requests (see AccessDeps.demoSeedKey). */
export const DEMO_SEED_HEADER = "x-marquee-demo-seed";

export const twoFactorRequired = (message: string) => new AppError(403, TWO_FACTOR_REQUIRED, message);

/** Refuses (403 TwoFactorRequired) unless the signed-in account has two-factor sign-in on. */
export function requireTwoFactor(req: FastifyRequest, message: string): void {
  if (!req.twoFactorEnabled) throw twoFactorRequired(message);
}

/**
 * Refuses (403 ReauthenticationRequired) unless the password was typed in this session within the last
 * REAUTH_MINUTES: the web asks for it (POST /auth/reauthenticate) and tries again.
 */
export function requireRecentPassword(req: FastifyRequest): void {
  const at = req.reauthenticatedAt?.getTime() ?? 0;
  if (Date.now() - at > REAUTH_MINUTES * 60_000) {
    throw new AppError(
      403,
      REAUTHENTICATION_REQUIRED,
      `Enter your password again: it is asked for within ${REAUTH_MINUTES} minutes of this change.`,
    );
  }
}

/** The signed-in user in a handler whose route requires one. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
