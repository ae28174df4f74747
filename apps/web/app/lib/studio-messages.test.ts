import { describe, expect, it } from "vitest";
import { es as spanish } from "../i18n/es.ts";
import { tFor } from "../i18n/i18n.ts";
import { registerMessages } from "../i18n/messages.ts";
import { ApiError } from "./api.ts";
import { draftBody, refusal } from "./studio-messages.ts";

const en = tFor("en");

describe("Studio → Messages' forms", () => {
  it("send a price only with media", () => {
    expect(draftBody({ text: "Hi", attachmentIds: [], price: 5 })).toEqual({
      text: "Hi",
      attachmentIds: [],
      price: null,
    });
    expect(draftBody({ text: "", attachmentIds: ["a"], price: "" })).toEqual({
      text: "",
      attachmentIds: ["a"],
      price: null,
    });
    expect(draftBody({ text: "", attachmentIds: ["a"], price: 4.99 }).price).toBe(4.99);
  });

  it("show a 422 at the field it names, in the API's words", () => {
    const e = new ApiError({
      statusCode: 422,
      message: "A paid message needs a photo or a video to lock.",
      details: [{ path: "body.attachmentIds", message: "nothing to lock" }],
    });
    expect(refusal(e, en)).toEqual({
      fields: { attachmentIds: "A paid message needs a photo or a video to lock." },
      error: null,
    });
  });

  it("show a 400 at each field with its own reason", () => {
    const e = new ApiError({
      statusCode: 400,
      message: "body.price: The lowest price is 0.50",
      details: [{ path: "body.price", message: "The lowest price is 0.50" }],
    });
    expect(refusal(e, en)).toEqual({ fields: { price: "The lowest price is 0.50" }, error: null });
  });

  it("show one sending at a time and the daily limit as a message, in the page's language", () => {
    registerMessages("es", spanish);
    const busy = new ApiError({
      statusCode: 409,
      message: "A mass message of yours is still being sent. Wait until it is done.",
    });
    expect(refusal(busy, en)).toEqual({
      fields: {},
      error: "A mass message of yours is still being sent. Wait until it is done.",
    });
    const limit = new ApiError({ statusCode: 429, message: "You can send at most 10 mass messages a day." });
    expect(refusal(limit, tFor("es"))).toEqual({
      fields: {},
      error: "Puedes enviar como máximo 10 mensajes masivos al día.",
    });
  });
});
