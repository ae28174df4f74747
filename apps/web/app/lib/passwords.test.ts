import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PASSWORDS_DO_NOT_MATCH, withPasswordConfirmation } from "./passwords.ts";

describe("withPasswordConfirmation", () => {
  const schema = withPasswordConfirmation({ name: z.string(), password: z.string().min(8, "Too short") });

  it("accepts matching passwords and keeps the other fields", () => {
    const parsed = schema.parse({ name: "Ann", password: "correct-horse", confirmPassword: "correct-horse" });
    expect(parsed).toEqual({ name: "Ann", password: "correct-horse", confirmPassword: "correct-horse" });
  });

  it("puts a mismatch on confirmPassword", () => {
    const result = schema.safeParse({ name: "Ann", password: "correct-horse", confirmPassword: "correct-hose" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH }),
    ]);
  });

  it("still applies the password's own rules", () => {
    const result = schema.safeParse({ name: "Ann", password: "short", confirmPassword: "short" });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Too short"]);
  });
});
