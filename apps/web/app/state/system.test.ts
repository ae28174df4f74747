import { describe, expect, it } from "vitest";
import { appReset } from "./reset.ts";
import { initialSystemState, setSystemError, systemReducer } from "./system.ts";

describe("system reducer", () => {
  it("holds and resets the system error", () => {
    expect(systemReducer(undefined, { type: "@@init" })).toEqual({ error: null });
    const failed = systemReducer(initialSystemState, setSystemError({ message: "Down", statusCode: 503 }));
    expect(failed.error).toEqual({ message: "Down", statusCode: 503 });
    expect(systemReducer(failed, appReset())).toEqual(initialSystemState);
  });
});
