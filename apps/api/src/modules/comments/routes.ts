import {
  comment,
  commentDeletedEvent,
  commentList,
  createCommentBody,
  searchCommentsQuery,
  updateCommentBody,
} from "@marquee/contracts/comments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import type { CommentsService } from "./service.ts";

const tags = ["comments"];
const byId = z.strictObject({ id: z.uuid() });

export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  app.post("/comments", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Comments on a movie (`video`), gallery, product, performer or post the member may open (404 otherwise). `content` is plain text, trimmed, 1 to 2000 characters, kept as typed (never HTML). With `parentId` it replies to a top-level comment on the same object; a reply to a reply is refused (422). At most 10 comments a minute (429). The object's `stats.comments` counts it; its watchers get `comment:created`, the replied-to author or the item's performers a `notification`.",
      body: createCommentBody,
      response: { 201: comment },
    },
    handler: async (req, reply) => reply.status(201).send(await comments.create(currentUser(req), req.body)),
  });

  app.put("/comments/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description: "Changes the text of one's own comment (403 for anyone else's, admins included).",
      params: byId,
      body: updateCommentBody,
      response: { 200: comment },
    },
    handler: async (req) => comments.update(currentUser(req), req.params.id, req.body.content),
  });

  app.get("/comments/search", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "The comments on one object, newest first (`sort=asc`: oldest first), each with its author's public profile: the top-level ones, or with `parentId` that comment's replies. 404 when the object does not exist for the viewer.",
      querystring: searchCommentsQuery,
      response: { 200: commentList },
    },
    handler: async (req) => comments.search(req.user, req.query),
  });

  app.delete("/comments/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Deletes a comment: its author, an admin, or a performer of the item it is on. A top-level comment goes with its replies; the object's `stats.comments` falls by all of them. Answers what went (also sent to the object's watchers as `comment:deleted`).",
      params: byId,
      response: { 200: commentDeletedEvent },
    },
    handler: async (req) => comments.remove(currentUser(req), req.params.id),
  });
};
