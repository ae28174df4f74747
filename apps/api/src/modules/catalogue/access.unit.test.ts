import { accessKinds } from "@marquee/contracts/catalogue";
import { describe, expect, it } from "vitest";
import { canOpen, type Decision, decideAccess, type Entitlements, noEntitlements, type Viewer } from "./access.ts";

const NOW = new Date("2026-06-01T12:00:00Z");
const OWNER = "00000000-0000-7000-8000-000000000001";
const CO_PERFORMER = "00000000-0000-7000-8000-000000000002";
const OTHER = "00000000-0000-7000-8000-000000000003";
const ITEM = "00000000-0000-7000-8000-0000000000aa";

/** Every role a viewer can have towards an item, with the entitlements that role brings. */
const roles: Record<string, { viewer: Viewer; ent: Entitlements }> = {
  visitor: { viewer: null, ent: noEntitlements },
  user: { viewer: { id: OTHER, role: "user" }, ent: noEntitlements },
  siteMember: { viewer: { id: OTHER, role: "user" }, ent: { ...noEntitlements, siteMember: true } },
  subscriber: {
    viewer: { id: OTHER, role: "user" },
    ent: { ...noEntitlements, performerSubscriptions: new Set([CO_PERFORMER]) },
  },
  otherSubscriber: {
    viewer: { id: OTHER, role: "user" },
    ent: { ...noEntitlements, performerSubscriptions: new Set([OTHER]) },
  },
  buyer: { viewer: { id: OTHER, role: "user" }, ent: { ...noEntitlements, bought: new Set([`video:${ITEM}`]) } },
  otherPerformer: { viewer: { id: OTHER, role: "performer" }, ent: noEntitlements },
  ownPerformer: { viewer: { id: OWNER, role: "performer" }, ent: noEntitlements },
  coPerformer: { viewer: { id: CO_PERFORMER, role: "performer" }, ent: noEntitlements },
  admin: { viewer: { id: OTHER, role: "admin" }, ent: noEntitlements },
};
type Role = keyof typeof roles;

/**
 * Every state an item can be in, as the services store it: `listed` is what `placement`/`refreshGallery` derive
 * (active and processed, or announced; never when drafted, switched off or taken down).
 */
const states = {
  ready: { listed: true, ready: true, scheduledAt: null },
  processing: { listed: false, ready: false, scheduledAt: null },
  comingReady: { listed: true, ready: true, scheduledAt: new Date(NOW.getTime() + 86_400_000) },
  comingUnprocessed: { listed: true, ready: false, scheduledAt: new Date(NOW.getTime() + 86_400_000) },
  releasedSchedule: { listed: true, ready: true, scheduledAt: new Date(NOW.getTime() - 1000) },
  draft: { listed: false, ready: true, scheduledAt: null },
  inactive: { listed: false, ready: true, scheduledAt: null },
  takenDown: { listed: false, ready: true, scheduledAt: null },
};
type State = keyof typeof states;

const insiders: Role[] = ["ownPerformer", "coPerformer", "admin"];
const open = (isBought = false): Decision => ({ canWatch: true, lock: null, isBought });
const locked = (lock: NonNullable<Decision["lock"]>, isBought = false): Decision => ({
  canWatch: false,
  lock,
  isBought,
});

/** The rule, written out once more as a table: what each role may do with a processed, released item. */
const byAccess: Record<(typeof accessKinds)[number], Record<Role, Decision>> = {
  free: Object.fromEntries(Object.keys(roles).map((r) => [r, open(r === "buyer")])) as Record<Role, Decision>,
  members: {
    visitor: locked("members"),
    user: locked("members"),
    siteMember: open(),
    subscriber: open(),
    otherSubscriber: locked("members"),
    buyer: locked("members", true),
    otherPerformer: locked("members"),
    ownPerformer: open(),
    coPerformer: open(),
    admin: open(),
  },
  sale: {
    visitor: locked("sale"),
    user: locked("sale"),
    siteMember: locked("sale"),
    subscriber: locked("sale"),
    otherSubscriber: locked("sale"),
    buyer: open(true),
    otherPerformer: locked("sale"),
    ownPerformer: open(),
    coPerformer: open(),
    admin: open(),
  },
};

function expected(role: Role, access: (typeof accessKinds)[number], state: State) {
  const insider = insiders.includes(role);
  const isBought = role === "buyer";
  const s = states[state];
  const coming = !!s.scheduledAt && s.scheduledAt > NOW;
  const decision =
    coming && !insider
      ? locked("scheduled", isBought)
      : !s.ready
        ? locked("processing", isBought)
        : byAccess[access][role];
  return { opens: s.listed || insider, decision };
}

const cases = Object.keys(roles).flatMap((role) =>
  accessKinds.flatMap((access) =>
    Object.keys(states).map((state) => [role, access, state] as [Role, typeof access, State]),
  ),
);

describe("the catalogue's access decision", () => {
  it("covers every role, access kind and state", () => {
    expect(cases).toHaveLength(Object.keys(roles).length * accessKinds.length * Object.keys(states).length);
  });

  it.each(cases)("%s, %s item, %s", (role, access, state) => {
    const { viewer, ent } = roles[role] as (typeof roles)[Role];
    const s = states[state];
    const item = { kind: "video" as const, id: ITEM, access, performerIds: [OWNER, CO_PERFORMER], ...s };
    const want = expected(role, access, state);
    expect(canOpen(viewer, item)).toBe(want.opens);
    expect(decideAccess(viewer, item, ent, NOW)).toEqual(want.decision);
  });

  it("keeps a purchase to its own kind of item", () => {
    const ent = { ...noEntitlements, bought: new Set([`video:${ITEM}`]) };
    const gallery = { kind: "gallery" as const, id: ITEM, access: "sale" as const, performerIds: [OWNER] };
    expect(decideAccess({ id: OTHER, role: "user" }, gallery, ent, NOW)).toEqual(locked("sale"));
  });

  it("treats a gallery (no processing state) as ready", () => {
    const gallery = { kind: "gallery" as const, id: ITEM, access: "free" as const, performerIds: [OWNER] };
    expect(decideAccess(null, gallery, noEntitlements, NOW)).toEqual(open());
  });
});
