import type { RealtimeNotifier } from "@marquee/contracts/realtime-events";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../../platform/mailer.ts";
import type { Throttle } from "../../platform/throttle.ts";
import type { CaptchaGate } from "../recaptcha/service.ts";
import type { ReportMails } from "./mails.ts";
import type { ReportTargets } from "./targets.ts";

/** What the reports services are made of (wired in app.ts). */
export interface ReportsDeps {
  db: Db;
  targets: ReportTargets;
  mailer: Mailer;
  mails: () => Promise<ReportMails>;
  throttle: Pick<Throttle, "hit">;
  captcha: CaptchaGate;
  notify: RealtimeNotifier;
  /** The active admins, told of every new report. */
  admins(): Promise<string[]>;
  now?: () => Date;
  /** Filings per address (client address and email each) and window; appeals per client address likewise. */
  limit?: { count: number; windowMs: number };
}

export const FILING_LIMIT = { count: 10, windowMs: 3_600_000 };
