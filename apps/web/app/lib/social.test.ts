import { describe, expect, it } from "vitest";
import { feedPostPath, pollBodyOf, pollResults, showsResults, subscribePath } from "./social.ts";

const A = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const B = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c";
const poll = (votes: [number, number], myVote: string | null = null, closed = false) => ({
  options: [
    { _id: A, text: "Beach", votes: votes[0] },
    { _id: B, text: "Mountains", votes: votes[1] },
  ],
  totalVotes: votes[0] + votes[1],
  myVote,
  endsAt: null,
  closed,
});

describe("polls", () => {
  it("give each option its share of the votes in whole percents", () => {
    expect(pollResults(poll([2, 1])).map((o) => o.percent)).toEqual([67, 33]);
    expect(pollResults(poll([0, 0])).map((o) => o.percent)).toEqual([0, 0]);
  });

  it("show results once the viewer voted or the poll closed, buttons before", () => {
    expect(showsResults(poll([0, 0]))).toBe(false);
    expect(showsResults(poll([1, 0], A))).toBe(true);
    expect(showsResults(poll([0, 0], null, true))).toBe(true);
  });

  it("are sent trimmed, a blank option kept in its place for the API to name", () => {
    expect(pollBodyOf({ options: [" Yes ", "", "No"], days: 3 })).toEqual({ options: ["Yes", "", "No"], days: 3 });
    expect(pollBodyOf(null)).toBeNull();
  });
});

describe("links", () => {
  it("name a post's page and a profile's subscribe box", () => {
    expect(feedPostPath(A)).toBe(`/feed/${A}`);
    expect(subscribePath("jane doe")).toBe("/performers/jane%20doe#subscribe");
  });
});
