import { describe, expect, it } from "vitest";
import { tFor } from "../i18n/i18n.ts";
import {
  canDeleteComment,
  canEditComment,
  canReportComment,
  commentAnchor,
  commentIdFromHash,
  commentsTitle,
  reportSummary,
} from "./comments.ts";

const en = tFor("en");

describe("comment buttons (as the API allows)", () => {
  const mine = { author: { _id: "me" } };
  const theirs = { author: { _id: "them" } };

  it("the author edits and deletes their own comment", () => {
    expect(canEditComment({ _id: "me", role: "user" }, mine)).toBe(true);
    expect(canDeleteComment({ _id: "me", role: "user" }, mine, [])).toBe(true);
  });

  it("nobody else edits, admins included", () => {
    expect(canEditComment({ _id: "me", role: "admin" }, theirs)).toBe(false);
    expect(canEditComment(null, theirs)).toBe(false);
  });

  it("an admin deletes anything; a performer anything on their own items; a member nothing of others'", () => {
    expect(canDeleteComment({ _id: "me", role: "admin" }, theirs, [])).toBe(true);
    expect(canDeleteComment({ _id: "me", role: "performer" }, theirs, ["me", "other"])).toBe(true);
    expect(canDeleteComment({ _id: "me", role: "performer" }, theirs, ["other"])).toBe(false);
    expect(canDeleteComment({ _id: "me", role: "user" }, theirs, [])).toBe(false);
    expect(canDeleteComment(null, theirs, [])).toBe(false);
    expect(canDeleteComment({ _id: "", role: "admin" }, theirs, [])).toBe(false);
  });

  it("a signed-in member reports others' comments, never their own; a visitor reports nothing", () => {
    expect(canReportComment({ _id: "me", role: "user" }, theirs)).toBe(true);
    expect(canReportComment({ _id: "me", role: "admin" }, theirs)).toBe(true);
    expect(canReportComment({ _id: "me", role: "user" }, mine)).toBe(false);
    expect(canReportComment(null, theirs)).toBe(false);
  });

  it("titles the section by its total", () => {
    expect(commentsTitle(0, en)).toBe("No comments yet");
    expect(commentsTitle(1, en)).toBe("1 comment");
    expect(commentsTitle(12, en)).toBe("12 comments");
  });

  it("sums up a comment's open reports for the moderators", () => {
    expect(reportSummary({ total: 0, spam: 0, abuse: 0, other: 0 })).toBeNull();
    expect(reportSummary({ total: 1, spam: 1, abuse: 0, other: 0 })).toBe("1 report: 1 spam");
    expect(reportSummary({ total: 3, spam: 1, abuse: 2, other: 0 })).toBe("3 reports: 1 spam, 2 abuse");
  });
});

describe("a link to one comment", () => {
  it("reads the comment's id from #comment-<id>, and nothing else", () => {
    const id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    expect(commentIdFromHash(`#${commentAnchor(id)}`)).toBe(id);
    expect(commentIdFromHash(`#comment-${id.toUpperCase()}`)).toBe(id);
    expect(commentIdFromHash("#comments")).toBeNull();
    expect(commentIdFromHash("#comment-42")).toBeNull();
    expect(commentIdFromHash("")).toBeNull();
  });
});
