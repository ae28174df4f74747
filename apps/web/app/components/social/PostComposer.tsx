import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { FeedPostAccess } from "@marquee/contracts/feed";
import type { VaultItem } from "@marquee/contracts/vault";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api, errorMessage, translateError } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import { pollBodyOf } from "../../lib/social.ts";
import { useAppSelector } from "../../state/store.ts";
import { VaultPicker } from "./VaultPicker.tsx";

/** Equal to the limits of @marquee/contracts/feed (not imported, to keep zod out of the browser). */
const TEXT_MAX = 5000;
const OPTIONS_MIN = 2;
const OPTIONS_MAX = 6;
const OPTION_MAX = 100;
const POLL_DAYS = [1, 3, 7, 14, 30];

/**
 * The studio's composer: the text, who opens the post (free, subscribers, or paid at a price), photos and videos from
 * the vault and an optional poll. Saved through POST /feed-posts, then the page's list is read again; the API's
 * refusals show at the field they name.
 */
export function PostComposer({ vault, vaultError }: { vault: VaultItem[]; vaultError: string | null }) {
  const { t } = useTranslation();
  const symbol = useAppSelector((s) => s.ui.currencySymbol || s.settings.data.currencySymbol);
  // Saved from the browser with the session (as likes are); the page's list is read again once it is.
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const [text, setText] = useState("");
  const [access, setAccess] = useState<FeedPostAccess>("free");
  const [price, setPrice] = useState<number | string>("");
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [poll, setPoll] = useState<{ options: string[]; days: number | null } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);

  const fieldError = (...keys: string[]) => {
    const found = keys.map((k) => errors[k]).find(Boolean);
    return found ? translateError(found, t) : undefined;
  };
  const setOption = (i: number, value: string) =>
    setPoll((p) => p && { ...p, options: p.options.map((o, j) => (j === i ? value : o)) });

  const submit = async () => {
    setErrors({});
    setError(null);
    setPosted(false);
    setBusy(true);
    try {
      await api.post("/feed-posts", {
        text,
        access,
        ...(access === "paid" ? { price: typeof price === "number" ? price : null } : {}),
        attachmentIds,
        poll: pollBodyOf(poll),
      });
      setText("");
      setAccess("free");
      setPrice("");
      setAttachmentIds([]);
      setPoll(null);
      setPosted(true);
      void revalidator.revalidate();
    } catch (e) {
      const fields = fieldErrorsFrom(e);
      setErrors(fields);
      if (!Object.keys(fields).length) setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="composer-title" data-testid="post-composer" maw={760}>
      <Stack gap="md">
        <Text fw={700} id="composer-title">
          {t("New post")}
        </Text>
        <Textarea
          label={t("Text")}
          placeholder={t("What is new?")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={TEXT_MAX}
          error={fieldError("text")}
          data-testid="composer-text"
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="composer-access">
            {t("Who can see it")}
          </Text>
          <SegmentedControl
            aria-labelledby="composer-access"
            value={access}
            onChange={(v) => setAccess(v as FeedPostAccess)}
            data={[
              { value: "free", label: t("Free") },
              { value: "subscribers", label: t("Subscribers") },
              { value: "paid", label: t("Paid") },
            ]}
            style={{ alignSelf: "flex-start" }}
          />
          {fieldError("access") && (
            <Text size="sm" c="red">
              {fieldError("access")}
            </Text>
          )}
        </Stack>
        {(access === "paid" || errors.price) && (
          <NumberInput
            label={t("Price")}
            prefix={symbol}
            min={0}
            decimalScale={2}
            value={price}
            onChange={setPrice}
            error={fieldError("price")}
            maw={200}
            data-testid="composer-price"
          />
        )}
        <VaultPicker
          items={vault}
          loadError={vaultError}
          picked={attachmentIds}
          onChange={setAttachmentIds}
          error={fieldError("attachmentIds")}
        />
        <Switch
          label={t("Add a poll")}
          checked={poll !== null}
          onChange={(e) => setPoll(e.currentTarget.checked ? { options: ["", ""], days: null } : null)}
          data-testid="composer-poll"
        />
        {poll && (
          <Stack gap="xs" data-testid="composer-poll-options">
            {poll.options.map((option, i) => (
              <Group key={`option-${i.toString()}`} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  flex={1}
                  aria-label={t("Option {{n}}", { n: i + 1 })}
                  placeholder={t("Option {{n}}", { n: i + 1 })}
                  value={option}
                  maxLength={OPTION_MAX}
                  onChange={(e) => setOption(i, e.currentTarget.value)}
                  error={fieldError(`poll.options.${i}`)}
                  data-testid="composer-poll-option"
                />
                {poll.options.length > OPTIONS_MIN && (
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t("Remove option {{n}}", { n: i + 1 })}
                    onClick={() => setPoll((p) => p && { ...p, options: p.options.filter((_, j) => j !== i) })}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {fieldError("poll.options", "poll") && (
              <Text size="sm" c="red">
                {fieldError("poll.options", "poll")}
              </Text>
            )}
            <Group gap="sm" align="flex-end">
              {poll.options.length < OPTIONS_MAX && (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setPoll((p) => p && { ...p, options: [...p.options, ""] })}
                >
                  {t("Add an option")}
                </Button>
              )}
              <Select
                label={t("Open for")}
                value={poll.days === null ? "none" : String(poll.days)}
                onChange={(v) => setPoll((p) => p && { ...p, days: !v || v === "none" ? null : Number(v) })}
                data={[
                  { value: "none", label: t("No end") },
                  ...POLL_DAYS.map((d) => ({ value: String(d), label: t("{{n}} days", { count: d, n: d }) })),
                ]}
                allowDeselect={false}
                error={fieldError("poll.days")}
                w={160}
              />
            </Group>
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {translateError(error, t)}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="teal" aria-live="polite">
            {posted ? t("Posted.") : ""}
          </Text>
          <Button onClick={() => void submit()} loading={busy} data-testid="composer-submit">
            {t("Post")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
