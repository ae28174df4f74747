import { describe, expect, it } from "vitest";
import { callToAction, MEMBERSHIP_PATH } from "./access-cta.ts";

const movie = { item: "movie" as const, id: "0190-abc", access: "members" as const, price: null };

describe("the call to action of a locked item", () => {
  it("offers nothing when the viewer may watch", () => {
    expect(callToAction({ ...movie, lock: null, loggedIn: false })).toBeNull();
  });

  it("asks a visitor to log in, coming back to the movie", () => {
    const cta = callToAction({ ...movie, lock: "members", loggedIn: false });
    expect(cta?.reason).toBe("visitor");
    expect(cta?.title).toBe("Log in to watch");
    expect(cta?.actions[0]).toEqual({
      kind: "link",
      label: "Log in to watch",
      to: "/auth/login?videoId=0190-abc",
      primary: true,
    });
    expect(cta?.actions[1]).toMatchObject({
      label: "Create an account",
      to: "/auth/register?next=%2Fmovies%2F0190-abc",
    });
  });

  it("tells a visitor the price of a movie for sale", () => {
    const cta = callToAction({ ...movie, access: "sale", price: 9.99, lock: "sale", loggedIn: false });
    expect(cta?.text).toContain("$9.99");
    expect(cta?.actions[0]).toMatchObject({ to: "/auth/login?videoId=0190-abc" });
  });

  it("offers a user membership and subscriptions to the performers, with their prices", () => {
    const cta = callToAction({
      ...movie,
      lock: "members",
      loggedIn: true,
      currencySymbol: "€",
      offers: [
        { username: "ava", name: "Ava Stone", monthlyPrice: 12.5 },
        { username: "mia", name: "Mia Lane", monthlyPrice: null },
        { username: "zoe", name: "Zoe", monthlyPrice: 5 },
      ],
    });
    expect(cta?.reason).toBe("members");
    expect(cta?.actions).toEqual([
      { kind: "link", label: "Become a member", to: MEMBERSHIP_PATH, primary: true, icon: "crown" },
      { kind: "link", label: "Subscribe to Ava Stone · €12.50/month", to: "/performers/ava", primary: false },
      { kind: "link", label: "Subscribe to Mia Lane", to: "/performers/mia", primary: false },
    ]);
    expect(cta?.text).toContain("subscribe to Ava Stone or Mia Lane");
  });

  it("shows the membership's price and a Join button on a members lock, to users and visitors", () => {
    const monthly = { type: "recurring" as const, price: 12.99, initialPeriodDays: 30, recurringPeriodDays: 30 };
    const cta = callToAction({
      ...movie,
      lock: "members",
      loggedIn: true,
      membership: monthly,
      offers: [{ username: "ava", name: "Ava Stone", monthlyPrice: 12.5 }],
    });
    expect(cta?.text).toBe("Join for $12.99 / month to watch this and every members movie, or subscribe to Ava Stone.");
    expect(cta?.actions[0]).toEqual({ kind: "link", label: "Join", to: MEMBERSHIP_PATH, primary: true, icon: "crown" });

    const year = { type: "single" as const, price: 99, initialPeriodDays: 365, recurringPeriodDays: null };
    expect(callToAction({ ...movie, lock: "members", loggedIn: true, membership: year })?.text).toBe(
      "Join for $99 for a year to watch this and every members movie.",
    );

    const visitor = callToAction({ ...movie, lock: "members", loggedIn: false, membership: monthly });
    expect(visitor?.text).toBe(
      "This movie is for members. Membership costs $12.99 / month: join, or log in if you are a member.",
    );
    expect(visitor?.actions.map((a) => a.label)).toEqual(["Log in to watch", "Create an account", "Join"]);
    expect(visitor?.actions[2]).toMatchObject({ to: MEMBERSHIP_PATH });
  });

  it("sells a movie or gallery for sale at its price to a member who is logged in", () => {
    const cta = callToAction({ ...movie, access: "sale", price: 10, lock: "sale", loggedIn: true });
    expect(cta?.actions).toEqual([{ kind: "buy", label: "Buy for $10", item: "video", id: movie.id }]);
    const gallery = callToAction({
      ...movie,
      item: "gallery",
      access: "sale",
      price: 4.5,
      lock: "sale",
      loggedIn: true,
    });
    expect(gallery?.actions).toEqual([{ kind: "buy", label: "Buy for $4.50", item: "gallery", id: movie.id }]);
  });

  it("announces a scheduled movie with its date, to everyone", () => {
    for (const loggedIn of [true, false]) {
      const cta = callToAction({ ...movie, lock: "scheduled", loggedIn, scheduledAt: "2027-03-12T18:00:00.000Z" });
      expect(cta?.title).toBe("Coming 12 Mar 2027");
      expect(cta?.actions).toEqual([]);
    }
  });

  it("says a movie is being processed", () => {
    expect(callToAction({ ...movie, lock: "processing", loggedIn: true })?.title).toBe("This movie is being processed");
  });

  it("speaks of seeing a gallery, and brings a visitor back to it after login or sign-up", () => {
    const cta = callToAction({ ...movie, item: "gallery", lock: "members", loggedIn: false });
    expect(cta?.title).toBe("Log in to see the photos");
    expect(cta?.actions[0]).toMatchObject({ to: "/auth/login?next=%2Fgalleries%2F0190-abc" });
    expect(cta?.actions[1]).toMatchObject({ to: "/auth/register?next=%2Fgalleries%2F0190-abc" });
    expect(callToAction({ ...movie, item: "gallery", lock: "members", loggedIn: true })?.text).toContain(
      "every members gallery",
    );
  });
});
