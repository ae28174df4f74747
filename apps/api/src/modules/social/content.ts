import { unprocessable } from "../../platform/errors.ts";

/** What a message carries: its text, the vault items attached to it and maybe a price locking them. */
interface MessageContent {
  text: string;
  attachmentIds: readonly string[];
  price?: number | null;
}

/** A post or a message holds text or media: an empty one is refused, naming `body.text`. */
export function requireContent(text: string, attachments: number, what: "post" | "message"): void {
  if (!text && !attachments) {
    throw unprocessable("Write something or attach a photo or video.", [
      { path: "body.text", message: `empty ${what}` },
    ]);
  }
}

/** A message's price locks its media: a price with nothing to lock is refused, naming `body.attachmentIds`. */
export function requireMediaToLock(body: MessageContent): void {
  if (body.price != null && !body.attachmentIds.length) {
    throw unprocessable("A paid message needs a photo or a video to lock.", [
      { path: "body.attachmentIds", message: "nothing to lock" },
    ]);
  }
}

/** A performer's message to many (the welcome one, a mass one): text or media, and media under any price. */
export function requireMessageContent(body: MessageContent): void {
  requireContent(body.text, body.attachmentIds.length, "message");
  requireMediaToLock(body);
}
