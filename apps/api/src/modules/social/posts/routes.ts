import { entityId } from "@marquee/contracts/common";
import {
  createFeedPostBody,
  feedPost,
  feedPostList,
  feedPostsQuery,
  poll,
  pollVoteBody,
  updateFeedPostBody,
} from "@marquee/contracts/feed";
import { checkout, purchaseBody } from "@marquee/contracts/payments";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import type { ForgetEngagement } from "../../../platform/engageable.ts";
import type { FeedPosts } from "./service.ts";

const tags = ["feed posts"];
const byId = z.strictObject({ id: entityId });

/** A performer's feed posts (issue 25 section 1): posts/service.ts. */
export const feedPostsRoutes: FastifyPluginAsyncZod<{ posts: FeedPosts; forget: ForgetEngagement }> = async (
  app,
  { posts, forget },
) => {
  app.post("/feed-posts", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Publishes a post on the signed-in performer's profile and in their followers' feeds: `text` (up to 5,000 characters) and/or vault `attachmentIds` (their own processed items, at most 20), `access` free, subscribers or paid (with `price`), and an optional `poll` of 2 to 6 options open for `days` (or until the post goes). 422 naming the field: an empty post, a paid post without a price or a price on another, a locked post with nothing to lock, an attachment that is not the performer's own ready vault item. 429 past 30 posts an hour.",
      body: createFeedPostBody,
      response: { 200: feedPost },
    },
    handler: async (req) => posts.create(currentUser(req), req.body),
  });

  app.get("/feed-posts/performer/:id", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "An active performer's posts, newest first (keyset `cursor`): the profile's Posts tab. Every post's text shows; attachments a viewer may not open (`lock`: subscribers or sale) come as blurred previews only.",
      params: byId,
      querystring: feedPostsQuery,
      response: { 200: feedPostList },
    },
    handler: async (req) => posts.ofPerformer(req.user ?? null, req.params.id, req.query),
  });

  app.get("/feed-posts/:id", {
    config: { access: "public" },
    schema: { tags, description: "One post as the viewer sees it.", params: byId, response: { 200: feedPost } },
    handler: async (req) => posts.get(req.user ?? null, req.params.id),
  });

  app.patch("/feed-posts/:id", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Edits the performer's own post (an admin: any): its text, access and price. 409 when members bought a paid post and the change would take it off sale or change its price.",
      params: byId,
      body: updateFeedPostBody,
      response: { 200: feedPost },
    },
    handler: async (req) => posts.update(currentUser(req), req.params.id, req.body),
  });

  app.delete("/feed-posts/:id", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Deletes the performer's own post (an admin: any) with its poll, comments and likes; 409 for a paid post members bought.",
      params: byId,
      response: { 204: z.null() },
    },
    handler: async (req, reply) => {
      await posts.remove(currentUser(req), req.params.id, (tx, id) => forget(tx, "feed-post", id));
      return reply.status(204).send(null);
    },
  });

  app.post("/feed-posts/:id/vote", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Votes in the post's poll, once: 409 for a second vote, 422 naming `body.optionId` for another poll's option or a closed poll, 403 when the viewer may not open the post.",
      params: byId,
      body: pollVoteBody,
      response: { 200: poll },
    },
    handler: async (req) => posts.vote(currentUser(req), req.params.id, req.body.optionId),
  });

  app.post("/feed-posts/:id/unlock", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Buys a paid post through the site's checkout (an order line of kind `post`, settled by the ledger like any sale); answers where to pay. 409 when the viewer can already open it, 422 naming `params.id` for a post not for sale.",
      params: byId,
      body: purchaseBody,
      response: { 200: checkout },
    },
    handler: async (req) => posts.unlock(currentUser(req), req.params.id, req.body ?? {}, req.ip),
  });
};
