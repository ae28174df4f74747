import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../platform/mailer.ts";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import type { PerformersService } from "../performers/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Accounts } from "../users/accounts.ts";
import { createApplications, type RecordAudit } from "./applications.ts";
import { createReleases, type ManagedItem } from "./releases.ts";

export type { Actor, RecordAudit } from "./applications.ts";

/**
 * Verification (issue 22 section 1): performers' applications and the releases of the people who appear with them.
 * `publicationBlockers` / `assertPublishable` is the one rule every publish path calls; `isVerified` the one payouts
 * call.
 */
export function createVerificationService(deps: {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  accounts: Pick<Accounts, "byId" | "adminIds">;
  performers: Pick<PerformersService, "refs" | "create" | "exists">;
  notify: RealtimeNotifier;
  audit: RecordAudit;
}) {
  const applications = createApplications({
    ...deps,
    async makePerformer(userId) {
      if (await deps.performers.exists([userId])) return;
      await deps.performers.create(userId);
    },
  });
  const items: Partial<Record<"video" | "gallery", ManagedItem>> = {};
  const releases = createReleases({ ...deps, applications, items });
  return {
    applications,
    releases,
    publicationBlockers: releases.publicationBlockers,
    assertPublishable: releases.assertPublishable,
    isVerified: applications.isVerified,
    forgetItem: releases.forgetItem,
    /** The catalogue's movies and galleries, as their owners manage them (set once they exist). */
    setItems(readers: Record<"video" | "gallery", ManagedItem>) {
      Object.assign(items, readers);
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;

/** What the catalogue's publish paths need of verification. */
export type PublicationGate = Pick<VerificationService, "assertPublishable" | "forgetItem">;
