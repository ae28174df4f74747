import { Textarea } from "@mantine/core";
import type { VaultItem } from "@marquee/contracts/vault";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { MessageDraft } from "../../../lib/studio-messages.ts";
import { ATTACHMENTS_MAX, VaultPicker } from "../../social/VaultPicker.tsx";
import { PriceInput } from "../PriceInput.tsx";

/** Equal to MESSAGE_MAX of @marquee/contracts/messages (not imported, to keep zod out of the browser). */
const MESSAGE_MAX = 2000;

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
