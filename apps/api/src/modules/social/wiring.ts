import type { Checkout } from "@marquee/contracts/payments";
import type { RealtimeSender } from "@marquee/contracts/realtime-events";
import type { Db } from "../../db/client.ts";
import type { ForgetEngagement } from "../../platform/engageable.ts";
import type { Jobs } from "../../platform/jobs.ts";
import type { Storage } from "../../platform/storage.ts";
import type { Throttle } from "../../platform/throttle.ts";
import type { Actor } from "../catalogue/access.ts";
import type { Sale } from "../commerce/checkout/checkout.ts";
import type { Ownership } from "../commerce/ownership.ts";
import type { GalleriesService } from "../galleries/service.ts";
import type { ProductsService } from "../products/service.ts";
import type { ReactionsService } from "../reactions/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { VaultService } from "../vault/service.ts";
import type { VideosService } from "../videos/service.ts";
import { createFeed } from "./feed/service.ts";
import { createFollows } from "./follows/service.ts";
import { createConversations } from "./messages/conversations.ts";
import { createMassMessages } from "./messages/mass.ts";
import { createMessageModeration } from "./messages/moderation.ts";
import { createMessagePresenter } from "./messages/present.ts";
import { createSending } from "./messages/sending.ts";
import { createWelcome } from "./messages/welcome.ts";
import { createPostPresenter, type VaultPort } from "./posts/present.ts";
import { createFeedPosts } from "./posts/service.ts";

/**
 * Social (issue 25): following performers, their feed posts and the member's feed. Each area owns its tables;
 * commerce sells paid posts through its checkout of one item, and the catalogue's modules give the feed their items.
 */
export function buildSocial(deps: {
  db: Db;
  storage: Storage;
  ownership: Ownership;
  reactions: ReactionsService;
  throttle: Throttle;
  settings: Pick<SettingsService, "get">;
  forgetEngagement: ForgetEngagement;
  checkout: (buyer: Actor, sale: Sale) => Promise<Checkout>;
  toUser: RealtimeSender;
  log: { error(obj: object, msg?: string): void };
  isReported: (kind: "message", id: string) => Promise<boolean>;
  jobs: Pick<Jobs, "send" | "work">;
  catalogue: { videos: VideosService; galleries: GalleriesService; products: ProductsService };
  /** The performer's vault (modules/vault): what posts and messages attach. */
  vault: VaultService;
}) {
  const { db, storage, ownership } = deps;
  const currency = () => deps.settings.get("currency");
  const follows = createFollows({ db, storage, ownership });
  const vault: VaultPort = {
    async attachable(performerId, ids, tx) {
      await deps.vault.ownedReady(performerId, ids, tx);
    },
    attachments: (ids, open, viewerId) => deps.vault.attachmentsById(ids, open, viewerId),
    attachedColumn: deps.vault.attachedColumn,
    attachmentOf: deps.vault.attachmentOf,
  };
  /** What attachments are (photo, video): the inbox's line for a message without text. */
  const kindsOf = async (ids: readonly string[]) => (await deps.vault.rowsOf([...ids])).map((r) => r.kind);
  const present = createPostPresenter({
    db,
    storage,
    ownership,
    reactions: deps.reactions,
    vault,
    currency,
  });
  const posts = createFeedPosts({
    db,
    present,
    vault,
    throttle: deps.throttle,
    ownership,
    checkout: deps.checkout,
  });
  const feed = createFeed({ follows, ownership, posts, ...deps.catalogue });
  const messagePresenter = createMessagePresenter({ db, storage, ownership, vault, currency });
  const conversations = createConversations({ db, present: messagePresenter, follows, ownership });
  const sending = createSending({
    db,
    conversations,
    present: messagePresenter,
    vault,
    throttle: deps.throttle,
    ownership,
    toUser: deps.toUser,
    checkout: deps.checkout,
    kindsOf,
  });
  // The vault's media grants open for whoever a post or message shows them open to; carried items are not deleted.
  for (const area of [posts, sending]) {
    deps.vault.addViewers(area.mayViewItem);
    deps.vault.addAttachmentChecks((id, tx) => area.carries(id, tx));
  }
  const welcome = createWelcome({ db, vault, sending, log: deps.log });
  const mass = createMassMessages({
    db,
    jobs: deps.jobs,
    vault,
    present: messagePresenter,
    throttle: deps.throttle,
    follows,
    ownership,
    toUser: deps.toUser,
    kindsOf,
    log: deps.log,
  });
  const moderation = createMessageModeration({ db, present: messagePresenter, isReported: deps.isReported });
  return {
    follows,
    posts,
    feed,
    conversations,
    sending,
    welcome,
    mass,
    moderation,
    toUser: deps.toUser,
    forgetEngagement: deps.forgetEngagement,
  };
}
export type Social = ReturnType<typeof buildSocial>;
