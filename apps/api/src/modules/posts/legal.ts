import { legalPages } from "@marquee/contracts/age-gate";
import type { Db } from "../../db/client.ts";
import { posts } from "./tables.ts";

/**
 * The legal pages every site has (terms, privacy, the 2257 statement, DMCA policy, refunds and complaints), seeded
 * as templates the operator edits: each is a published page marked `template` until an admin changes its title,
 * summary or content, and the page says so in a banner until then. The words in [brackets] are the operator's to
 * fill in. These are starting points, not legal advice.
 */
const texts: Record<(typeof legalPages)[number]["slug"], { summary: string; content: string }> = {
  terms: {
    summary: "The rules for using this site, buying on it and publishing on it.",
    content: [
      'This site is operated by [legal name of the operator], [postal address] ("we"). By using it you agree to these terms.',
      "Adults only. The site contains sexually explicit material. You may use it only if you are at least 18 years old and the age of majority where you live, and if viewing such material is legal there.",
      "Accounts. Keep your password and your second factor to yourself; you answer for what is done with your account. We may suspend an account that breaks these terms.",
      "Purchases and memberships. Prices are shown before you pay. Memberships and subscriptions renew until cancelled; you can cancel at any time from your account, and access lasts until the end of the paid period. See Refunds and complaints.",
      "Content. Performers publish only material they own or have the rights to, in which every person depicted is a verified adult who consented to being filmed, to publication and to download. Everything is reviewed before it is published. You may not copy, record or redistribute content.",
      "Reports. Anyone can report content with the Report link on every item; we resolve reports within 7 business days.",
      "Changes. We may change these terms; the date below says when they last changed. Last updated: [date].",
      "Contact: [email address].",
    ].join("\n\n"),
  },
  privacy: {
    summary: "What we collect about you, why, for how long, and your rights.",
    content: [
      "The controller of your personal data is [legal name of the operator], [postal address], [email address].",
      "What we collect: your account details (username, email address, password hash), your purchases and subscriptions, the addresses and devices of your signed-in sessions, your comments and reactions, and the country your address is in (to apply country rules and the age gate). Performers also give their legal name, date of birth and identity documents, which are kept privately and never published.",
      "Why: to operate your account and deliver what you bought (contract), to keep the site and its members safe and to meet record-keeping and payment-network rules (legal obligation and legitimate interest).",
      "Cookies: a session cookie when you sign in, and a cookie that remembers you passed the age gate. No advertising cookies.",
      "Payments are handled by [payment provider]; we do not see or keep your card number.",
      "How long: account data while your account exists and [period] after; records the law requires for as long as it requires them.",
      "Your rights: access, correction, deletion, restriction, portability and objection. Write to [email address]. You may complain to your data protection authority.",
      "Last updated: [date].",
    ].join("\n\n"),
  },
  "2257": {
    summary: "18 U.S.C. 2257 and 28 C.F.R. 75 record-keeping requirements compliance statement.",
    content: [
      "All models, actors, actresses and other persons who appear in any visual depiction of actual or simulated sexually explicit conduct appearing on or otherwise contained in this website were over the age of eighteen (18) years at the time of the creation of such depictions.",
      "The records required by 18 U.S.C. 2257 and 28 C.F.R. 75 for all materials contained in this website are kept by the following Custodian of Records:",
      "[Name of the custodian of records]\n[Company name]\n[Street address]\n[City, state, postal code, country]",
      "Every performer on this site is identified against a government-issued photo ID before they can publish, and every other person who appears in an item has a signed release and proof of age on record before the item is published.",
    ].join("\n\n"),
  },
  dmca: {
    summary: "How to tell us about material that infringes your copyright, and how a performer can answer.",
    content: [
      "We respect the rights of copyright owners and respond to notices of claimed infringement under the Digital Millennium Copyright Act (17 U.S.C. 512).",
      "To file a notice, use the Report link on the item and choose Copyright, or write to our designated agent: [name], [postal address], [email address]. A notice must include: your physical or electronic signature; the work you claim is infringed; the material on this site you claim infringes it and where it is (its link); your address, telephone number and email address; a statement that you believe in good faith the use is not authorised by the owner, its agent or the law; and a statement, under penalty of perjury, that the notice is accurate and that you are the owner or authorised to act for them.",
      "We remove or disable the material and tell the performer who published it. The performer may send a counter-notice with their signature, the material removed and where it was, a statement under penalty of perjury that it was removed by mistake or misidentification, their name, address and telephone number, and their consent to the jurisdiction of [court]. We restore the material 10 to 14 business days later unless the complainant tells us they have filed a court action.",
      "Accounts of repeat infringers are closed.",
    ].join("\n\n"),
  },
  refunds: {
    summary: "When you can get your money back, and how we handle complaints and reports.",
    content: [
      "Refunds. [Describe your policy: for example, a membership or subscription cancelled within 48 hours of its first payment is refunded in full if nothing was watched; purchases of downloads are refunded when the file is faulty and we cannot fix it; physical products may be returned unused within 14 days of delivery.] Refunds go back to the card or account you paid with.",
      "Cancelling. You can cancel a membership or subscription at any time from your account; it does not renew and stays open until the end of the period you paid for.",
      "Complaints. Write to [email address] or use the contact form, with your order number if the complaint is about a purchase. We reply within 2 business days and resolve complaints within 7 business days.",
      "Reporting content. Anyone can report an item with the Report link on it, including a person who appears in it without their consent. Such a report, or a report that someone depicted may be under 18, hides the item at once while we review it. Reports are resolved within 7 business days, and a person depicted may appeal our decision by writing to [email address].",
      "Billing questions may also go to [payment provider's support address], which appears on your statement as [descriptor].",
    ].join("\n\n"),
  },
};

/** The legal pages as seeded: published templates. */
export const legalPageSeeds = legalPages.map((page) => ({
  slug: page.slug,
  title: page.title,
  ...texts[page.slug],
  type: "page" as const,
  status: "published" as const,
  template: true,
}));

/**
 * Puts in every legal page the site lacks, as a template; runs at every start, so a new site has them and a
 * deleted one comes back. A page that exists (edited or not, published or not) is left as it is. Safe when several
 * API processes start at once.
 */
export async function ensureLegalPages(db: Db): Promise<number> {
  const added = await db
    .insert(posts)
    .values(legalPageSeeds.map((p) => ({ ...p, publishedAt: new Date() })))
    .onConflictDoNothing({ target: posts.slug })
    .returning({ id: posts.id });
  return added.length;
}
