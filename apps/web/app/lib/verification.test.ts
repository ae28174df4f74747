import { isAdult } from "@marquee/contracts/verification";
import { describe, expect, it } from "vitest";
import { applyProblems, canApply, statusSentence } from "./verification.ts";

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
