import { describe, expect, it } from "vitest";
import { roleLabel, roleLabels, roles } from "./roles.ts";
import { role } from "./users.ts";

describe("role names", () => {
  it("name every role once, the same word everywhere", () => {
    expect(roles.map(roleLabel)).toEqual(["User", "Performer", "Admin"]);
    expect(Object.keys(roleLabels).sort()).toEqual([...role.options].sort());
  });

  it("show an unknown role as it is", () => {
    expect(roleLabel("moderator")).toBe("moderator");
    expect(roleLabel("toString")).toBe("toString");
  });
});
