import { entityId, idOrSlug } from "@marquee/contracts/common";
import {
  createGalleryBody,
  galleryDetail,
  galleryList,
  galleryPhotosQuery,
  photoList,
  searchGalleriesQuery,
  searchPhotosQuery,
  searchStudioGalleriesQuery,
  studioGallery,
  studioGalleryList,
  studioPhoto,
  studioPhotoList,
  updateGalleryBody,
  updatePhotoBody,
} from "@marquee/contracts/galleries";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { readSingleFile } from "../../platform/uploads.ts";
import type { GalleriesService } from "./service.ts";

const tags = ["galleries"];
const studio = ["studio"];
const byIdOrSlug = z.strictObject({ id: idOrSlug });
const byId = z.strictObject({ id: entityId });

export const galleriesRoutes: FastifyPluginAsyncZod<{ galleries: GalleriesService; imageMaxBytes: number }> = async (
  app,
  { galleries, imageMaxBytes },
) => {
  // ---- public ----------------------------------------------------------------------------------------------

  app.get("/user/assets/galleries/search", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "Search listed galleries",
      querystring: searchGalleriesQuery,
      response: { 200: galleryList },
    },
    handler: async (req) => galleries.search(req.user, req.query),
  });

  app.get("/user/assets/galleries/:id/view", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "A gallery by id or slug (counts a view)",
      params: byIdOrSlug,
      response: { 200: galleryDetail },
    },
    handler: async (req) => galleries.view(req.user, req.params.id),
  });

  app.get("/user/assets/gallery/:id/photos", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "The photos of a gallery in order; blurred previews only when it is locked",
      params: byIdOrSlug,
      querystring: galleryPhotosQuery,
      response: { 200: photoList },
    },
    handler: async (req) => galleries.galleryPhotos(req.user, req.params.id, req.query),
  });

  app.get("/user/assets/photos", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "Photos of listed galleries; blurred previews only where the gallery is locked",
      querystring: searchPhotosQuery,
      response: { 200: photoList },
    },
    handler: async (req) => galleries.searchPhotos(req.user, req.query),
  });

  // ---- studio: a performer's own galleries, any for an admin ---------------------------------------------------

  app.get("/performer/assets/galleries/search", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      summary: "Galleries of the signed-in performer (all, for an admin), drafts included",
      querystring: searchStudioGalleriesQuery,
      response: { 200: studioGalleryList },
    },
    handler: async (req) => galleries.studioSearch(currentUser(req), req.query),
  });

  app.get("/performer/assets/galleries/:id/view", {
    config: { access: "performer" },
    schema: { tags: studio, params: byIdOrSlug, response: { 200: studioGallery } },
    handler: async (req) => galleries.studioView(currentUser(req), req.params.id),
  });

  app.post("/performer/assets/galleries", {
    config: { access: "performer" },
    schema: { tags: studio, body: createGalleryBody, response: { 201: studioGallery } },
    handler: async (req, reply) => reply.status(201).send(await galleries.create(currentUser(req), req.body)),
  });

  app.put("/performer/assets/galleries/:id", {
    config: { access: "performer" },
    schema: { tags: studio, params: byId, body: updateGalleryBody, response: { 200: studioGallery } },
    handler: async (req) => galleries.update(currentUser(req), req.params.id, req.body),
  });

  app.delete("/performer/assets/galleries/:id", {
    config: { access: "performer" },
    schema: { tags: studio, summary: "Deletes a gallery with its photos and their files", params: byId },
    handler: async (req, reply) => {
      await galleries.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.get("/performer/assets/galleries/:id/photos", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      summary: "All photos of an own gallery in order, with their processing state",
      params: byIdOrSlug,
      querystring: galleryPhotosQuery,
      response: { 200: studioPhotoList },
    },
    handler: async (req) => galleries.studioPhotos(currentUser(req), req.params.id, req.query),
  });

  app.post("/performer/assets/galleries/:id/photos/upload", {
    config: { access: "performer" },
    schema: {
      tags: studio,
      summary: "Adds one image (multipart field `file`) at the end of the gallery",
      params: byId,
      response: { 201: studioPhoto },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await galleries.uploadPhoto(currentUser(req), req.params.id, () => readSingleFile(req, imageMaxBytes))),
  });

  app.put("/performer/assets/photos/:id", {
    config: { access: "performer" },
    schema: { tags: studio, params: byId, body: updatePhotoBody, response: { 200: studioPhoto } },
    handler: async (req) => galleries.updatePhoto(currentUser(req), req.params.id, req.body),
  });

  app.delete("/performer/assets/photos/:id", {
    config: { access: "performer" },
    schema: { tags: studio, params: byId },
    handler: async (req, reply) => {
      await galleries.removePhoto(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
