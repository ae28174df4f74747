import { entityId } from "@marquee/contracts/common";
import { VAULT_VIDEO_MAX_BYTES, vaultItem, vaultList, vaultQuery } from "@marquee/contracts/vault";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { streamSingleFileToDisk } from "../../platform/uploads.ts";
import type { VaultService } from "./service.ts";

const tags = ["vault"];

/** The performer's vault (issue 25 section 2): vault/service.ts. Performers and admins, each their own. */
export const vaultRoutes: FastifyPluginAsyncZod<{ vault: VaultService }> = async (app, { vault }) => {
  app.post("/vault", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Adds one photo or video (multipart field `file`) to the signed-in performer's vault, answered `processing`; the media workers make it `ready` (or `failed` with its `error`). A photo in JPEG, PNG, WebP, GIF or AVIF up to VAULT_PHOTO_MAX_BYTES, a video up to VAULT_VIDEO_MAX_BYTES; 422 naming `file` for anything else. A video longer than VAULT_VIDEO_MAX_SECONDS is kept `failed`.",
      response: { 201: vaultItem },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await vault.upload(currentUser(req), (dest) => streamSingleFileToDisk(req, VAULT_VIDEO_MAX_BYTES, dest))),
  });

  app.get("/vault", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "The signed-in performer's own vault, newest first (optionally one `kind`), with signed links to each ready item.",
      querystring: vaultQuery,
      response: { 200: vaultList },
    },
    handler: async (req) => vault.list(currentUser(req), req.query),
  });

  app.delete("/vault/:id", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Deletes a vault item and its files: the performer's own (any, for an admin); 404 otherwise. 409 while a post or message carries it.",
      params: z.strictObject({ id: entityId }),
    },
    handler: async (req, reply) => {
      await vault.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
