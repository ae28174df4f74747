import type { CategoryRef, PerformerRef } from "@marquee/contracts/catalogue";
import type { Db } from "../../db/client.ts";
import { type Engageable, type ForgetEngagement, tableCounter } from "../../platform/engageable.ts";
import { isUuid } from "../../platform/ids.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import { canOpen } from "../catalogue/access.ts";
import type { CategoryDirectory, PerformerDirectory, PublicationGate } from "../catalogue/editing.ts";
import type { ReviewGate } from "../catalogue/review.ts";
import type { Ownership } from "../commerce/ownership.ts";
import type { ReactionsService } from "../reactions/service.ts";
import { createProductFiles } from "./files.ts";
import { createProductPresenter } from "./present.ts";
import { createProductReads } from "./reading.ts";
import { createProductReview } from "./review.ts";
import { createSellable } from "./sellable.ts";
import { createStock } from "./stock.ts";
import { products } from "./tables.ts";
import { createProductWrites } from "./writing.ts";

/**
 * The store's products (DESIGN section 5): physical goods with a stock, digital goods with a private file and a
 * signed, expiring download link for their buyers. Each concern in its own file over the shared catalogue core.
 */
export function createProductsService(deps: {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  /** How long a download link works. */
  downloadTtlSec: number;
  performers: PerformerDirectory & { refs(ids: readonly string[]): Promise<Map<string, PerformerRef>> };
  categories: CategoryDirectory & { refs(ids: readonly string[]): Promise<Map<string, CategoryRef>> };
  reactions: Pick<ReactionsService, "flagsFor">;
  /** Deletes the comments and reactions on a product, in the transaction that deletes it. */
  forgetEngagement: ForgetEngagement<"product">;
  /** Whether what a performer publishes waits for review (modules/review). */
  review: ReviewGate;
  /** Publishing waits for the performers' verification (modules/verification). */
  publication: PublicationGate;
  /** What members bought and what pending checkouts hold (commerce's port). */
  ownership: Pick<Ownership, "boughtOf" | "heldUnits">;
}) {
  const stock = createStock({ heldUnits: deps.ownership.heldUnits });
  const present = createProductPresenter({ ...deps, stock });
  const reads = createProductReads({ db: deps.db, present });
  const writes = createProductWrites({ ...deps, reads, present });
  const files = createProductFiles({ ...deps, reads, writes, present });
  /** What comments and reactions need of a product: the page must exist for the viewer; its counters. */
  const engagement: Engageable = {
    async open(viewer, id) {
      const row = isUuid(id) ? await reads.byIdOrSlug(id) : undefined;
      return row && canOpen(viewer, row)
        ? { id: row.id, title: row.title, performerIds: row.performerIds, link: `/store/${row.slug}` }
        : null;
    },
    count: tableCounter(products, { likes: "likes", comments: "comments" }, "updatedAt"),
  };
  return {
    engagement,
    search: reads.search,
    view: reads.view,
    offer: reads.offer,
    /** Holds physical stock for checkouts, takes it when paid and gives it back when refunded (the ledger). */
    stock,
    /** What a member's cart needs of its products: sold now, how many left, owned already (modules/commerce/cart). */
    sellable: createSellable({ db: deps.db, stock, present }),
    countMatching: reads.countMatching,
    studioSearch: reads.studioSearch,
    studioView: reads.studioView,
    create: writes.create,
    update: writes.update,
    remove: writes.remove,
    setTakedown: writes.setTakedown,
    setHold: writes.setHold,
    ...files,
    /** The review queue's port (modules/review). */
    review: createProductReview({ db: deps.db, writes, present }),
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
