import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import type { ReviewDecision, ReviewItem, ReviewKind } from "@marquee/contracts/review";
import { reviewKinds } from "@marquee/contracts/review";
import type { Mailer } from "../../platform/mailer.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import type { Actor } from "../catalogue/access.ts";
import type { ReviewGate } from "../catalogue/review.ts";
import type { Decided, ReviewDecisionIn, ReviewPort } from "../catalogue/review-port.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Accounts } from "../users/accounts.ts";

/** How each kind is named to performers, and where they find it in their studio. */
const KIND: Record<ReviewKind, { noun: string; studio: string }> = {
  video: { noun: "movie", studio: "/studio/movies" },
  gallery: { noun: "gallery", studio: "/studio/galleries" },
  product: { noun: "product", studio: "/studio/products" },
};

/**
 * Review before publication (issue 22 section 2). The gate answers, for every performer's publication, whether it
 * waits for an admin (the `reviewMode` setting: `none`, `first` — until `reviewFirstItems` of the performer's items
 * were approved — or `all`, a new site's default). The queue lists what waits, oldest first, across movies,
 * galleries and products (each kind's module keeps its own rows: `ports`); approve puts the item out (or announces
 * it until its date), refuse keeps it off with a reason. Both are told to the item's performers.
 */
export function createReviewService(deps: {
  settings: Pick<SettingsService, "get">;
  /** Each kind's port, asked for when first needed (the kinds' services are made after this one, with its gate). */
  ports: () => Record<ReviewKind, ReviewPort>;
  accounts: Pick<Accounts, "byId">;
  notify: RealtimeNotifier;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg?: string): void };
}) {
  const gate: ReviewGate = {
    async needsReview(actor) {
      if (actor.role === "admin") return false;
      const mode = await deps.settings.get("reviewMode");
      if (mode === "none") return false;
      if (mode === "all") return true;
      const first = await deps.settings.get("reviewFirstItems");
      const ports = Object.values(deps.ports());
      const counts = await Promise.all(ports.map((p) => p.approvedCountBy(actor.id)));
      return counts.reduce((a, b) => a + b, 0) < first;
    },
  };

  async function queue(admin: Actor, q: { kind?: ReviewKind | undefined; limit: number }) {
    const ports = deps.ports();
    const kinds = q.kind ? [q.kind] : [...reviewKinds];
    const pages = await Promise.all(kinds.map((k) => ports[k].queue(admin, q.limit)));
    const data: ReviewItem[] = pages
      .flatMap((p) => p.items)
      .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a._id.localeCompare(b._id))
      .slice(0, q.limit);
    return { data, total: pages.reduce((n, p) => n + p.total, 0) };
  }

  /** Tells the item's performers: a notification each, and a mail when it was refused (they must act on it). */
  async function tell(kind: ReviewKind, decided: Decided, decision: ReviewDecisionIn) {
    const { noun, studio } = KIND[kind];
    const reason = decision.state === "refused" ? decision.reason : null;
    for (const performerId of decided.performerIds) {
      deps.notify(performerId, "notification", {
        type: "review",
        status: decision.state,
        objectType: kind,
        objectId: decided.id,
        title: decided.title,
        reason,
        scheduledAt: decided.scheduledAt?.toISOString() ?? null,
      });
      if (decision.state !== "refused") continue;
      try {
        const account = await deps.accounts.byId(performerId);
        if (account?.status !== "active") continue;
        const link = `${deps.publicUrl}${studio}`;
        await deps.mailer.send({
          to: account.email,
          subject: `Your ${noun} “${decided.title}” was not approved`,
          text: `Hi ${account.name},\n\nYour ${noun} “${decided.title}” was reviewed and not approved, so it is not on the site.\n\nThe reviewer's reason:\n${reason}\n\nYou can change it and publish it again from your studio:\n\n${link}\n`,
          links: [link],
        });
      } catch (err) {
        // The decision stands and the notification is stored; a mail server that is down must not undo it.
        deps.log.error({ err, performerId }, "a review refusal mail could not be sent");
      }
    }
  }

  /** The decision, recorded in the audit trail in its own transaction (who, when, from where, before and after). */
  async function decide(
    actor: AuditActor,
    kind: ReviewKind,
    id: string,
    decision: ReviewDecisionIn,
  ): Promise<ReviewDecision> {
    const decided = await deps.ports()[kind].decide(id, decision, async (tx, d) => {
      await recordAudit(tx, actor, {
        action: decision.state === "approved" ? "review.approve" : "review.refuse",
        subjectType: kind,
        subjectId: d.id,
        before: d.before,
        after: d.after,
      });
    });
    await tell(kind, decided, decision);
    return {
      kind,
      _id: decided.id,
      title: decided.title,
      state: decision.state,
      reason: decision.state === "refused" ? decision.reason : null,
      listed: decided.listed,
      scheduledAt: decided.scheduledAt?.toISOString() ?? null,
    };
  }

  return {
    gate,
    queue,
    approve: (actor: AuditActor, kind: ReviewKind, id: string) => decide(actor, kind, id, { state: "approved" }),
    refuse: (actor: AuditActor, kind: ReviewKind, id: string, reason: string) =>
      decide(actor, kind, id, { state: "refused", reason }),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
