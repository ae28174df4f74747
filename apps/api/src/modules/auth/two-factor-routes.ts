import {
  reauthenticateBody,
  reauthenticateResponse,
  recoveryCodesResponse,
  twoFactorConfirmBody,
  twoFactorLoginBody,
  twoFactorLoginResponse,
  twoFactorSetup,
  twoFactorStatus,
} from "@marquee/contracts/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireRecentPassword } from "../../platform/access.ts";
import type { AuthService } from "./service.ts";

const tags = ["auth"];

/** Two-factor sign-in and re-authentication (issue 22). Every change to two-factor itself needs the password again. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post("/auth/login/two-factor", {
    config: { access: "public", maintenance: "open" },
    schema: {
      tags,
      description:
        "The code step of a sign-in: a current code from the authenticator app (each accepted once) or an unused recovery code answers the challenge of POST /auth/login, and the session starts. `trustDevice`: this browser skips the step for 30 days. Wrong codes are throttled per account and per address (429).",
      body: twoFactorLoginBody,
      response: { 200: twoFactorLoginResponse },
    },
    handler: async (req) => auth.loginTwoFactor(req.body, { ip: req.ip, userAgent: req.headers["user-agent"] }),
  });

  app.post("/auth/reauthenticate", {
    config: { access: "user", maintenance: "open" },
    schema: {
      tags,
      description:
        "The password typed again: for the next minutes this session may change payout details and two-factor sign-in.",
      body: reauthenticateBody,
      response: { 200: reauthenticateResponse },
    },
    handler: async (req) => auth.reauthenticate(currentUser(req), req.sessionId as string, req.body.password, req.ip),
  });

  app.get("/auth/two-factor", {
    config: { access: "user", maintenance: "open", geo: "open" },
    schema: { tags, description: "Whether two-factor sign-in is on.", response: { 200: twoFactorStatus } },
    handler: async (req) => auth.twoFactorStatus(currentUser(req)),
  });

  app.post("/auth/two-factor/setup", {
    config: { access: "user", maintenance: "open" },
    schema: {
      tags,
      description:
        "Begins enrolment: a new secret, its otpauth URL and QR code (SVG data URL). Needs the password within 5 minutes.",
      response: { 200: twoFactorSetup },
    },
    handler: async (req) => {
      requireRecentPassword(req);
      return auth.twoFactorSetup(currentUser(req));
    },
  });

  app.post("/auth/two-factor/confirm", {
    config: { access: "user", maintenance: "open" },
    schema: {
      tags,
      description:
        "Ends enrolment with a current code: two-factor sign-in is on, the other sessions end, and 10 single-use recovery codes are answered, once.",
      body: twoFactorConfirmBody,
      response: { 200: recoveryCodesResponse },
    },
    handler: async (req) => {
      requireRecentPassword(req);
      return auth.twoFactorConfirm(currentUser(req), req.sessionId as string, req.body, {
        ip: req.ip,
        userAgent: req.headers["user-agent"],
      });
    },
  });

  app.post("/auth/two-factor/recovery-codes", {
    config: { access: "user", maintenance: "open" },
    schema: {
      tags,
      description: "10 new recovery codes replace the old ones. Needs the password within 5 minutes.",
      response: { 200: recoveryCodesResponse },
    },
    handler: async (req) => {
      requireRecentPassword(req);
      return auth.twoFactorRecoveryCodes(currentUser(req).id);
    },
  });

  app.delete("/auth/two-factor", {
    config: { access: "user", maintenance: "open" },
    schema: {
      tags,
      description:
        "Turns two-factor sign-in off; the recovery codes and trusted browsers go. Needs the password within 5 minutes.",
    },
    handler: async (req, reply) => {
      requireRecentPassword(req);
      await auth.twoFactorDisable(currentUser(req).id);
      return reply.status(204).send();
    },
  });
};
