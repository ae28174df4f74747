import {
  changePasswordBody,
  emailBody,
  loginBody,
  loginResponse,
  registerBody,
  resetPasswordBody,
  revokedResponse,
  sessionList,
  sessionParams,
  tokenBody,
} from "@marquee/contracts/auth";
import { messageResponse } from "@marquee/contracts/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../platform/access.ts";
import type { AuthService } from "./service.ts";

const tags = ["auth"];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post("/auth/users/register", {
    config: { access: "public" },
    schema: { tags, body: registerBody, response: { 201: messageResponse } },
    handler: async (req, reply) => {
      await auth.register(req.body, req.ip);
      return reply.status(201).send({
        message: "Thanks for signing up. If the address can be used, a confirmation link is on its way to your inbox.",
      });
    },
  });

  app.post("/auth/login", {
    config: { access: "public", maintenance: "open" },
    schema: {
      tags,
      description:
        "Answers a session token; or, for an account with two-factor sign-in (unless `deviceToken` is a browser it trusted), a challenge to answer with a code at POST /auth/login/two-factor. No session exists before the code.",
      body: loginBody,
      response: { 200: loginResponse },
    },
    handler: async (req) => auth.login(req.body, { ip: req.ip, userAgent: req.headers["user-agent"] }),
  });

  app.post("/auth/logout", {
    config: { access: "user", maintenance: "open", geo: "open" },
    schema: { tags },
    handler: async (req, reply) => {
      if (req.sessionId) await auth.logout(req.sessionId);
      return reply.status(204).send();
    },
  });

  app.post("/auth/email-verification", {
    config: { access: "public" },
    schema: { tags, body: tokenBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await auth.verifyEmail(req.body.token);
      return { message: "Your email address is confirmed. You can log in now." };
    },
  });

  app.post("/auth/email-verification/resend", {
    config: { access: "public" },
    schema: { tags, body: emailBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await auth.resendVerification(req.body.email);
      return { message: "If that address has an unconfirmed account, a new link is on its way." };
    },
  });

  app.post("/auth/users/forgot", {
    config: { access: "public" },
    schema: { tags, body: emailBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await auth.forgotPassword(req.body.email);
      return { message: "If that address has an account, a reset link is on its way." };
    },
  });

  app.post("/auth/users/reset", {
    config: { access: "public" },
    schema: { tags, body: resetPasswordBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return { message: "Your password has been changed. Log in with the new one." };
    },
  });

  app.put("/auth/users/me/password", {
    config: { access: "user" },
    schema: { tags, body: changePasswordBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await auth.changePassword(currentUser(req), req.sessionId as string, req.body, req.ip);
      return { message: "Password updated. Your other sessions have been signed out." };
    },
  });

  app.post("/auth/email-change/confirm", {
    config: { access: "public" },
    schema: {
      tags,
      description: "Follows the link mailed to a new address: the account takes that address.",
      body: tokenBody,
      response: { 200: messageResponse },
    },
    handler: async (req) => {
      await auth.confirmEmailChange(req.body.token);
      return { message: "Your new email address is confirmed. Use it to log in from now on." };
    },
  });

  app.get("/auth/users/me/sessions", {
    config: { access: "user", maintenance: "open", geo: "open" },
    schema: { tags, description: "The signed-in sessions of your account.", response: { 200: sessionList } },
    handler: async (req) => auth.listSessions(currentUser(req).id, req.sessionId as string),
  });

  app.delete("/auth/users/me/sessions", {
    config: { access: "user", maintenance: "open", geo: "open" },
    schema: {
      tags,
      description: "Logs out every other session of your account; this one stays.",
      response: { 200: revokedResponse },
    },
    handler: async (req) => ({ revoked: await auth.revokeSessions(currentUser(req).id, req.sessionId as string) }),
  });

  app.delete("/auth/users/me/sessions/:id", {
    config: { access: "user", maintenance: "open", geo: "open" },
    schema: { tags, description: "Logs out one session of your account.", params: sessionParams },
    handler: async (req, reply) => {
      await auth.revokeSession(currentUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  });
};
