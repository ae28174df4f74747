import {
  adminAsset,
  adminAssetList,
  adminAssetsQuery,
  assetParams,
  takedownBody,
  updateAdminAssetBody,
} from "@marquee/contracts/admin-assets";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../platform/access.ts";
import { actorOf } from "../audit/service.ts";
import type { AdminAssetsService } from "./service.ts";

const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const tags = ["admin"];

export const adminAssetsRoutes: FastifyPluginAsyncZod<{ assets: AdminAssetsService }> = async (app, { assets }) => {
  app.get("/admin/assets/search", {
    config: admin,
    schema: {
      tags,
      summary: "Every movie and gallery of every performer, newest first",
      description: "Filters: `kind`, `performerId`, `status`, `access`, `takenDown`, `q` (title and description).",
      querystring: adminAssetsQuery,
      response: { 200: adminAssetList },
    },
    handler: async (req) => assets.search(currentUser(req), req.query),
  });

  app.put("/admin/assets/:kind/:id", {
    config: admin,
    schema: {
      tags,
      summary: "Edit a movie or gallery",
      params: assetParams,
      body: updateAdminAssetBody,
      response: { 200: adminAsset },
    },
    handler: async (req) => assets.update(currentUser(req), actorOf(req), req.params.kind, req.params.id, req.body),
  });

  app.post("/admin/assets/:kind/:id/take-down", {
    config: admin,
    schema: {
      tags,
      summary: "Take a movie or gallery off the site, with the reason its performers see",
      params: assetParams,
      body: takedownBody,
      response: { 200: adminAsset },
    },
    handler: async (req) =>
      assets.takeDown(currentUser(req), actorOf(req), req.params.kind, req.params.id, req.body.reason),
  });

  app.delete("/admin/assets/:kind/:id/take-down", {
    config: admin,
    schema: {
      tags,
      summary: "Put a taken-down movie or gallery back",
      params: assetParams,
      response: { 200: adminAsset },
    },
    handler: async (req) => assets.restore(currentUser(req), actorOf(req), req.params.kind, req.params.id),
  });
};
