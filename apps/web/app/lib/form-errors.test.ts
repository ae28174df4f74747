import { describe, expect, it, vi } from "vitest";
import { fieldErrorsFrom, setFieldErrors } from "./form-errors.ts";

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

describe("setFieldErrors", () => {
  it("sets the mapped field errors and says so", () => {
    const form = { setErrors: vi.fn() };
    expect(setFieldErrors(form, { details: [{ path: "body.email", message: "Taken" }] })).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ email: "Taken" });
  });

  it("leaves the form alone when no field is named", () => {
    const form = { setErrors: vi.fn() };
    expect(setFieldErrors(form, new Error("Server down"))).toBe(false);
    expect(setFieldErrors(form, { details: [] })).toBe(false);
    expect(form.setErrors).not.toHaveBeenCalled();
  });
});
