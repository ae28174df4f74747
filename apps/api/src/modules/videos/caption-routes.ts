import { CAPTION_MAX_BYTES, caption, captionList, captionUploadFields } from "@marquee/contracts/captions";
import { entityId } from "@marquee/contracts/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { badRequest } from "../../platform/errors.ts";
import { readFileWithFields } from "../../platform/uploads.ts";
import type { VideosService } from "./service.ts";

const tags = ["studio"];
const byId = z.strictObject({ id: entityId });

/**
 * A movie's caption tracks in the studio (captions.ts): its performers and admins list, upload and delete them.
 * Viewers get them with the movie's media (`media.captions`), signed like its renditions.
 */
export const captionRoutes: FastifyPluginAsyncZod<{ videos: VideosService }> = async (app, { videos }) => {
  app.get("/performer/assets/videos/:id/captions", {
    config: { access: "performer" },
    schema: { tags, summary: "The movie's caption tracks", params: byId, response: { 200: captionList } },
    handler: async (req) => videos.captions.list(currentUser(req), req.params.id),
  });

  app.post("/performer/assets/videos/:id/captions", {
    config: { access: "performer" },
    schema: {
      tags,
      summary: "Upload a WebVTT caption track (multipart: `language`, optional `label`, file `file`)",
      description: `At most ${CAPTION_MAX_BYTES / 1024} KB (413 above). The file must be WebVTT: UTF-8, the "WEBVTT" signature after an optional byte order mark, at least one cue and well-formed cue timings; anything else is 422 naming \`file\` and the reason. One track per language: uploading a language the movie already has replaces its file and label (200); a new language answers 201.`,
      params: byId,
      response: { 200: caption, 201: caption },
    },
    handler: async (req, reply) => {
      const { fields, file } = await readFileWithFields(req, CAPTION_MAX_BYTES);
      const parsed = captionUploadFields.safeParse(fields);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({
          path: ["body", ...i.path.map(String)].join("."),
          message: i.message,
        }));
        throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
      }
      const made = await videos.captions.upload(currentUser(req), req.params.id, parsed.data, file);
      return reply.status(made.replaced ? 200 : 201).send(made.caption);
    },
  });

  app.delete("/performer/assets/videos/:id/captions/:captionId", {
    config: { access: "performer" },
    schema: { tags, summary: "Delete a caption track", params: byId.extend({ captionId: entityId }) },
    handler: async (req, reply) => {
      await videos.captions.remove(currentUser(req), req.params.id, req.params.captionId);
      return reply.status(204).send();
    },
  });
};
