import { Textarea } from "@mantine/core";
import type { VaultItem } from "@marquee/contracts/vault";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { errorMessage, isApiError, translateError } from "../../../lib/api.ts";
import { fieldErrorsFrom } from "../../../lib/form-errors.ts";
import { ATTACHMENTS_MAX, VaultPicker } from "../../social/VaultPicker.tsx";
import { PriceInput } from "../PriceInput.tsx";

/** Equal to MESSAGE_MAX of @marquee/contracts/messages (not imported, to keep zod out of the browser). */
const MESSAGE_MAX = 2000;

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
 * The API's own words for what it refuses here, marked so the page's language can translate them (translateError
 * looks such a text up).
 */
export const API_TEXTS = [
  msg("Write something or attach a photo or video."),
  msg("A paid message needs a photo or a video to lock."),
  msg("Leaving out that list leaves nobody to send to."),
  msg("A mass message of yours is still being sent. Wait until it is done."),
  msg("You can send at most 10 mass messages a day."),
];

/**
 * A refusal as the form shows it: at the fields it names (a 422 names one field and says why in its message; a 400
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

/** The text, the vault picker and, once media is picked, an optional price. */
export function MessageFields({
  draft,
  onChange,
  errors,
  vault,
  vaultError,
  testId,
}: {
  draft: MessageDraft;
  onChange: (draft: MessageDraft) => void;
  errors: Record<string, string>;
  vault: VaultItem[];
  vaultError: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t("Message")}
        value={draft.text}
        onChange={(e) => onChange({ ...draft, text: e.currentTarget.value })}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={MESSAGE_MAX}
        error={errors.text}
        data-testid={`${testId}-text`}
      />
      <VaultPicker
        items={vault}
        loadError={vaultError}
        picked={draft.attachmentIds}
        onChange={(attachmentIds) => onChange({ ...draft, attachmentIds })}
        error={errors.attachmentIds}
        description={t("Pick up to {{max}} from your vault, in the order the message shows them.", {
          max: ATTACHMENTS_MAX,
        })}
      />
      {(draft.attachmentIds.length > 0 || errors.price) && (
        <PriceInput
          label={t("Price (optional)")}
          description={t("Members pay this to open the photos and videos. Leave it empty to send them free.")}
          required={false}
          size="sm"
          value={draft.price}
          onChange={(price) => onChange({ ...draft, price })}
          error={errors.price}
          maw={240}
          data-testid={`${testId}-price`}
        />
      )}
    </>
  );
}
