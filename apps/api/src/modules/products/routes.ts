import { entityId, idOrSlug } from "@marquee/contracts/common";
import {
  createProductBody,
  downloadLink,
  productDetail,
  productList,
  reorderProductImagesBody,
  searchProductsQuery,
  searchStudioProductsQuery,
  studioProduct,
  studioProductList,
  updateProductBody,
} from "@marquee/contracts/products";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { readSingleFile, streamSingleFileToDisk } from "../../platform/uploads.ts";
import type { ProductsService } from "./service.ts";

const tags = ["products"];
const studio = ["studio"];
const byIdOrSlug = z.strictObject({ id: idOrSlug });
const byId = z.strictObject({ id: entityId });

export const productsRoutes: FastifyPluginAsyncZod<{
  products: ProductsService;
  imageMaxBytes: number;
  fileMaxBytes: number;
}> = async (app, { products, imageMaxBytes, fileMaxBytes }) => {
  // ---- public ----------------------------------------------------------------------------------------------

  app.get("/user/assets/products/search", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "Search listed products",
      querystring: searchProductsQuery,
      response: { 200: productList },
    },
    handler: async (req) => products.search(req.query, req.user),
  });

  app.get("/user/assets/products/:id", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "A listed product by id or slug, with its pictures and seller (counts a view)",
      params: byIdOrSlug,
      response: { 200: productDetail },
    },
    handler: async (req) => products.view(req.user, req.params.id),
  });

  app.get("/user/assets/products/:id/download-link", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "A short-lived signed link to a bought digital product's file",
      params: byId,
      response: { 200: downloadLink },
    },
    handler: async (req) => products.downloadLink(currentUser(req), req.params.id),
  });

  // ---- studio: a performer's own products, any for an admin --------------------------------------------------

  app.get("/performer/assets/products/search", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      summary: "Products of the signed-in performer (all, for an admin), drafts included",
      querystring: searchStudioProductsQuery,
      response: { 200: studioProductList },
    },
    handler: async (req) => products.studioSearch(currentUser(req), req.query),
  });

  app.get("/performer/assets/products/:id/view", {
    config: { access: "performer" },
    schema: { tags: studio, params: byIdOrSlug, response: { 200: studioProduct } },
    handler: async (req) => products.studioView(currentUser(req), req.params.id),
  });

  app.post("/performer/assets/products", {
    config: { access: "performer" },
    schema: { tags: studio, body: createProductBody, response: { 201: studioProduct } },
    handler: async (req, reply) => reply.status(201).send(await products.create(currentUser(req), req.body)),
  });

  app.put("/performer/assets/products/:id", {
    config: { access: "performer" },
    schema: { tags: studio, params: byId, body: updateProductBody, response: { 200: studioProduct } },
    handler: async (req) => products.update(currentUser(req), req.params.id, req.body),
  });

  app.delete("/performer/assets/products/:id", {
    config: { access: "performer" },
    schema: { tags: studio, summary: "Deletes a product with its pictures and file", params: byId },
    handler: async (req, reply) => {
      await products.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.post("/performer/assets/products/:id/images/upload", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      summary: "Adds one picture (multipart field `file`) after the product's others",
      params: byId,
      response: { 201: studioProduct },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await products.uploadImage(currentUser(req), req.params.id, () => readSingleFile(req, imageMaxBytes))),
  });

  app.put("/performer/assets/products/:id/images/order", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      summary: "Puts the product's pictures in the given order",
      params: byId,
      body: reorderProductImagesBody,
      response: { 200: studioProduct },
    },
    handler: async (req) => products.reorderImages(currentUser(req), req.params.id, req.body.imageIds),
  });

  app.delete("/performer/assets/products/:id/images/:imageId", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      params: z.strictObject({ id: entityId, imageId: entityId }),
      response: { 200: studioProduct },
    },
    handler: async (req) => products.removeImage(currentUser(req), req.params.id, req.params.imageId),
  });

  app.post("/performer/assets/products/:id/file/upload", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      summary: "Uploads a digital product's file (multipart field `file`), replacing the previous one",
      params: byId,
      response: { 200: studioProduct },
    },
    handler: async (req) =>
      products.uploadFile(currentUser(req), req.params.id, (dest) => streamSingleFileToDisk(req, fileMaxBytes, dest)),
  });
};
