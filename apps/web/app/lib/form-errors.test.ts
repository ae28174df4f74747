import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "./form-errors.ts";

describe("fieldErrorsFrom", () => {
  it("maps body.field paths to form fields, first message wins", () => {
    expect(
      fieldErrorsFrom({
        details: [
          { path: "body.username", message: "Taken" },
          { path: "body.username", message: "Second" },
          { path: "email", message: "Bad email" },
        ],
      }),
    ).toEqual({ username: "Taken", email: "Bad email" });
  });

  it("ignores anything without details", () => {
    expect(fieldErrorsFrom(new Error("x"))).toEqual({});
    expect(fieldErrorsFrom(null)).toEqual({});
  });
});
