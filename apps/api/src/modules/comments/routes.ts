import {
  adminComment,
  adminCommentList,
  adminCommentsQuery,
  comment,
  commentDeletedEvent,
  commentList,
  commentReported,
  createCommentBody,
  reportCommentBody,
  searchCommentsQuery,
  updateCommentBody,
} from "@marquee/contracts/comments";
import { entityId } from "@marquee/contracts/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { formFieldsAsBody } from "../../platform/uploads.ts";
import { actorOf } from "../audit/service.ts";
import type { CommentModeration } from "./moderation.ts";
import type { CommentsService } from "./service.ts";

const tags = ["comments"];
const byId = z.strictObject({ id: entityId });

export const commentsRoutes: FastifyPluginAsyncZod<{
  comments: CommentsService;
  moderation: CommentModeration;
}> = async (app, { comments, moderation }) => {
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
      description:
        "Changes the text of one's own comment (403 for anyone else's, admins included). `content` as JSON or, as SPEC's upload call sends it, a multipart/form-data field (no files).",
      params: byId,
      body: updateCommentBody,
      response: { 200: comment },
    },
    // Bytes, not characters: 2000 characters of up to 4 bytes each, and room for the trimmed spaces.
    preValidation: formFieldsAsBody(10_000, 2),
    handler: async (req) => comments.update(currentUser(req), req.params.id, req.body.content),
  });

  app.get("/comments/search", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "The comments on one object, each with its author's public profile: the top-level ones, newest first, or with `parentId` that comment's replies, oldest first (`sort` overrides either order). 404 when the object does not exist for the viewer.",
      querystring: searchCommentsQuery,
      response: { 200: commentList },
    },
    handler: async (req) => comments.search(req.user, req.query),
  });

  app.get("/comments/:id", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "One comment as the list shows it, with its `parentId`: a link to a comment (a notification's `#comment-<id>`) opens the thread it is in. 404 when it is hidden or its object does not exist for the viewer.",
      params: byId,
      response: { 200: comment },
    },
    handler: async (req) => comments.one(req.user, req.params.id),
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

  app.post("/comments/:id/report", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Reports a comment to the moderators, with a `reason` (spam, abuse, other) and an optional `note` (at most 500 characters). Once per member and comment: a repeat answers the same. Not one's own (422); a comment the member cannot see is a 404. At most 20 reports in 10 minutes (429).",
      params: byId,
      body: reportCommentBody,
      response: { 200: commentReported },
    },
    handler: async (req) => moderation.report(currentUser(req), req.params.id, req.body),
  });

  const adminTags = ["admin", "comments"];
  app.get("/admin/comments", {
    config: { access: "admin" },
    schema: {
      tags: adminTags,
      description:
        "Every comment on the site, hidden ones included, newest first, each with what it is on and its open reports by reason. `status=reported`: those with open reports, most reported first; `status=hidden`: the hidden ones, last hidden first. Filter by `objectType` and `q` (words in the text).",
      querystring: adminCommentsQuery,
      response: { 200: adminCommentList },
    },
    handler: async (req) => moderation.list(currentUser(req), req.query),
  });

  for (const [path, hidden, what] of [
    [
      "hide",
      true,
      "Hides a comment from every page (live: its watchers get `comment:deleted`) and resolves its open reports; its author is told. The object's `stats.comments` falls by what members saw go (with a top-level comment, its replies).",
    ],
    ["unhide", false, "Shows a hidden comment again (its watchers get `comment:restored`); the counters rise back."],
  ] as const) {
    app.post(`/admin/comments/:id/${path}`, {
      config: { access: "admin" },
      schema: {
        tags: adminTags,
        description: `${what} A repeat changes nothing.`,
        params: byId,
        response: { 200: adminComment },
      },
      handler: async (req) => moderation.setHidden(currentUser(req), req.params.id, hidden, actorOf(req)),
    });
  }

  app.post("/admin/comments/:id/dismiss-reports", {
    config: { access: "admin" },
    schema: {
      tags: adminTags,
      description: "Resolves a comment's open reports and leaves it shown.",
      params: byId,
      response: { 200: adminComment },
    },
    handler: async (req) => moderation.dismissReports(currentUser(req), req.params.id, actorOf(req)),
  });
};
