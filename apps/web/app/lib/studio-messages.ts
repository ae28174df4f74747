import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { errorMessage, isApiError, translateError } from "./api.ts";
import { fieldErrorsFrom } from "./form-errors.ts";

/** What a performer writes for the welcome message or a mass message: text, vault media and a price that locks them. */
export interface MessageDraft {
  text: string;
  attachmentIds: string[];
  price: number | string;
}

export const emptyDraft: MessageDraft = { text: "", attachmentIds: [], price: "" };

/** The body's message fields: a price only with media (empty: free). */
export function draftBody(draft: MessageDraft) {
  return {
    text: draft.text,
    attachmentIds: draft.attachmentIds,
    price: draft.attachmentIds.length && typeof draft.price === "number" ? draft.price : null,
  };
}

/**
 * The API's own words for what it refuses on Studio → Messages, marked so the page's language can translate them
 * (translateError looks such a text up).
 */
export const MESSAGE_REFUSALS = [
  msg("Write something or attach a photo or video."),
  msg("A paid message needs a photo or a video to lock."),
  msg("Leaving out that list leaves nobody to send to."),
  msg("A mass message of yours is still being sent. Wait until it is done."),
  msg("You can send at most 10 mass messages a day."),
];

/**
 * A refusal as the form shows it: at the fields it names (a 422 names its field and says why in its message; a 400
 * names each field with its own reason), else as one message (409 while another is sending, 429 past the limit).
 */
export function refusal(e: unknown, t: TFunction): { fields: Record<string, string>; error: string | null } {
  const named = fieldErrorsFrom(e);
  const whole = isApiError(e) && e.statusCode === 422 ? translateError(e.message, t) : null;
  const fields = Object.fromEntries(
    Object.entries(named).map(([field, reason]) => [field, whole ?? translateError(reason, t)]),
  );
  return { fields, error: Object.keys(fields).length ? null : errorMessage(e, undefined, t) };
}
