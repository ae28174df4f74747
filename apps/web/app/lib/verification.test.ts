import { isAdult } from "@marquee/contracts/verification";
import { describe, expect, it } from "vitest";
import { addPerformerStep, applyProblems, canApply, reviewUrl, statusSentence } from "./verification.ts";

describe("verification screens", () => {
  it("counts 18 years by the calendar: old enough on the 18th birthday, not the day before", () => {
    const at = new Date("2026-11-26T12:00:00Z");
    expect(isAdult("2008-11-26", at)).toBe(true);
    expect(isAdult("2008-11-27", at)).toBe(false);
    expect(isAdult("2008-02-29", new Date("2026-02-28T12:00:00Z"))).toBe(false);
    expect(isAdult("2008-02-29", new Date("2026-03-01T00:00:00Z"))).toBe(true);
  });

  it("names each missing or wrong field of the apply form before it is sent", () => {
    const file = new File(["x"], "id.png", { type: "image/png" });
    expect(applyProblems({ legalName: " ", dateOfBirth: "", country: "", files: {} })).toEqual({
      legalName: "Enter your full legal name",
      dateOfBirth: "Enter your date of birth",
      country: "Choose your country",
      documentFront: "Upload this image",
      documentBack: "Upload this image",
      selfie: "Upload this image",
    });
    const young = `${new Date().getUTCFullYear() - 10}-01-01`;
    expect(
      applyProblems({
        legalName: "Ada Lovelace",
        dateOfBirth: young,
        country: "GB",
        files: { documentFront: file, documentBack: file, selfie: file },
      }),
    ).toEqual({ dateOfBirth: "You must be at least 18 years old" });
  });

  it("says where the performer stands and whether they may apply", () => {
    expect(statusSentence({ status: "approved", expiresAt: "2027-05-01T00:00:00Z", renewalRequested: false })).toBe(
      "You are verified until 1 May 2027.",
    );
    expect(statusSentence({ status: "expired", expiresAt: null, renewalRequested: true })).toContain(
      "asked you to verify your identity again",
    );
    expect(["none", "pending", "approved", "refused", "expired"].filter((s) => canApply(s as never))).toEqual([
      "none",
      "refused",
      "expired",
    ]);
  });
});

describe("adding a performer (admin)", () => {
  const application = (status: "pending" | "approved" | "refused" | "expired", expiresAt: string | null = null) => ({
    _id: "0190f0e0-0000-7000-8000-000000000001",
    status,
    expiresAt,
  });

  it("leads to the pending application, says verified, or asks for an application to be filed", () => {
    expect(addPerformerStep(application("pending"))).toEqual({
      step: "review",
      applicationId: "0190f0e0-0000-7000-8000-000000000001",
    });
    expect(reviewUrl("0190f0e0-0000-7000-8000-000000000001")).toBe(
      "/admin/verifications?review=0190f0e0-0000-7000-8000-000000000001",
    );
    expect(addPerformerStep(application("approved", "2027-05-01T00:00:00.000Z"))).toEqual({
      step: "verified",
      expiresAt: "2027-05-01T00:00:00.000Z",
    });
    expect(addPerformerStep(undefined)).toEqual({ step: "file", status: "none" });
    expect(addPerformerStep(application("refused"))).toEqual({ step: "file", status: "refused" });
    // Approved once, then expired or asked to verify again: a new application is due.
    expect(addPerformerStep(application("expired", "2020-01-01T00:00:00.000Z"))).toEqual({
      step: "file",
      status: "expired",
    });
  });

  it("checks the form an admin files with the same rules, speaking of the applicant", () => {
    const young = `${new Date().getUTCFullYear() - 10}-01-01`;
    expect(applyProblems({ legalName: "", dateOfBirth: young, country: "", files: {} }, true)).toEqual({
      legalName: "Enter their full legal name",
      dateOfBirth: "They must be at least 18 years old",
      country: "Choose their country",
      documentFront: "Upload this image",
      documentBack: "Upload this image",
      selfie: "Upload this image",
    });
  });
});
