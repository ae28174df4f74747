import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { required } from "./catalogue.server.ts";

const failing = (body: ConstructorParameters<typeof ApiError>[0]) => Promise.reject(new ApiError(body));

describe("required", () => {
  it("turns no answer from the API into the 504 or 503 page, with a plain message", async () => {
    const late = await required(failing({ statusCode: 0, error: "Timeout" }), "Movie not found").catch((e) => e);
    expect(late).toMatchObject({ init: { status: 504 }, data: expect.stringMatching(/taking too long/) });
    const down = await required(failing({ statusCode: 0, error: "NetworkError" }), "Movie not found").catch((e) => e);
    expect(down).toMatchObject({ init: { status: 503 }, data: expect.stringMatching(/temporarily unavailable/) });
  });

  it("keeps the page's own 404 and lets any other answer through", async () => {
    const missing = await required(failing({ statusCode: 404, error: "Not Found" }), "Movie not found").catch((e) => e);
    expect(missing).toMatchObject({ init: { status: 404 }, data: "Movie not found" });
    const refused = await required(failing({ statusCode: 422, error: "Error", message: "no" }), "x").catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
  });
});
