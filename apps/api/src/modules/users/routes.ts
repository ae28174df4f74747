import { entityId, idOrSlug } from "@marquee/contracts/common";
import {
  adminUpdateUserBody,
  ownUser,
  publicUser,
  searchUsersQuery,
  updateProfileBody,
  user,
  userList,
} from "@marquee/contracts/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { readSingleFile } from "../../platform/uploads.ts";
import { actorOf } from "../audit/service.ts";
import type { UsersService } from "./service.ts";

const tags = ["users"];

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  imageMaxBytes: number;
  /** ADMIN_2FA_REQUIRED: an admin's account says it must turn two-factor sign-in on. */
  adminTwoFactorRequired: boolean;
}> = async (app, { users, imageMaxBytes, adminTwoFactorRequired }) => {
  app.get("/users/me", {
    config: { access: "user", maintenance: "open", geo: "open" },
    schema: { tags, response: { 200: ownUser } },
    handler: async (req) => {
      const me = currentUser(req);
      return {
        ...(await users.toOwnUser(me)),
        twoFactorEnabled: req.twoFactorEnabled,
        twoFactorRequired: me.role === "admin" && adminTwoFactorRequired,
      };
    },
  });

  app.put("/users", {
    config: { access: "user" },
    schema: {
      tags,
      description: "A new email takes effect once the link mailed to it is followed; it needs currentPassword.",
      body: updateProfileBody,
      response: { 200: ownUser },
    },
    handler: async (req) => users.updateProfile(currentUser(req), req.body, req.ip),
  });

  app.get("/users/search", {
    config: { access: "admin", maintenance: "open", geo: "open" },
    schema: { tags: ["admin"], querystring: searchUsersQuery, response: { 200: userList } },
    handler: async (req) => users.search(req.query),
  });

  app.get("/users/view/:id", {
    config: { access: "public" },
    schema: { tags, params: z.strictObject({ id: idOrSlug }), response: { 200: publicUser } },
    handler: async (req) => users.viewPublic(req.params.id),
  });

  app.post("/users/avatar/upload", {
    config: { access: "user" },
    schema: { tags, response: { 200: user } },
    handler: async (req) => users.setAvatar(currentUser(req).id, await readSingleFile(req, imageMaxBytes)),
  });

  app.post("/users/:id/avatar/upload", {
    config: { access: "admin", maintenance: "open", geo: "open" },
    schema: { tags: ["admin"], params: z.strictObject({ id: entityId }), response: { 200: user } },
    handler: async (req) => users.setAvatar(req.params.id, await readSingleFile(req, imageMaxBytes), actorOf(req)),
  });

  app.put("/admin/users/:id", {
    config: { access: "admin", maintenance: "open", geo: "open" },
    schema: {
      tags: ["admin"],
      params: z.strictObject({ id: entityId }),
      body: adminUpdateUserBody,
      response: { 200: user },
    },
    handler: async (req) => users.adminUpdate(currentUser(req), req.params.id, req.body, actorOf(req)),
  });
};
