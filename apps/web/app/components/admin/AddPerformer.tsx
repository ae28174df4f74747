import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminPerformer as Performer } from "@marquee/contracts/performers";
import type { AdminApplication } from "@marquee/contracts/verification";
import { IconId, IconShieldCheck, IconUserPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { LookupOption } from "../../lib/admin-lookups.ts";
import { errorMessage } from "../../lib/api.ts";
import type { Country } from "../../lib/lookups.server.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { type AddPerformerStep, addPerformerStep, reviewUrl } from "../../lib/verification.ts";
import { ApplyForm } from "../verification/VerificationPanel.tsx";
import { LookupSelect } from "./LookupSelect.tsx";

/**
 * Where the chosen account stands with verification (issue 22): an application waiting (a link to it in the review
 * queue), verified, or nothing valid on file (the admin files the application for them, with their documents; it
 * goes to the same queue, and until another decision approves it they can neither publish nor be paid).
 */
function VerificationStep({
  account,
  countries,
  step,
}: {
  account: LookupOption;
  countries: Country[];
  step: AddPerformerStep | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const [filing, setFiling] = useState(false);
  if (!step)
    return (
      <Group gap="xs" data-testid="add-performer-verification">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t("Checking {{name}}'s verification…", { name: account.name })}
        </Text>
      </Group>
    );
  if (step.step === "review")
    return (
      <Alert color="yellow" variant="light" icon={<IconId size={18} />} data-testid="add-performer-verification">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{t("An application from {{name}} is waiting for review.", { name: account.name })}</Text>
          <Anchor component={Link} to={reviewUrl(step.applicationId)} size="sm" fw={600}>
            {t("Review their application")}
          </Anchor>
        </Stack>
      </Alert>
    );
  if (step.step === "verified")
    return (
      <Alert color="teal" variant="light" icon={<IconShieldCheck size={18} />} data-testid="add-performer-verification">
        <Text size="sm">
          {step.expiresAt
            ? t("{{name}} is verified until {{date}}.", { name: account.name, date: f.date(step.expiresAt) })
            : t("{{name}} is verified.", { name: account.name })}
        </Text>
      </Alert>
    );
  const why =
    step.status === "refused"
      ? t("Their last application was refused.")
      : step.status === "expired"
        ? t("Their verification has expired.")
        : t("They have no verified identity.");
  return (
    <Alert color="orange" variant="light" icon={<IconId size={18} />} data-testid="add-performer-verification">
      <Stack gap={6} align="flex-start">
        <Text size="sm">
          {why}{" "}
          {t("Until an application with their ID documents is approved, {{name}} can neither publish nor be paid.", {
            name: account.name,
          })}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconId size={14} />} onClick={() => setFiling(true)}>
          {t("File their application")}
        </Button>
      </Stack>
      <Modal
        opened={filing}
        onClose={() => setFiling(false)}
        title={t("Verification application")}
        size="xl"
        centered
        radius="lg"
      >
        <ApplyForm
          countries={countries}
          filingFor={{
            userId: account.value,
            name: account.name,
            onFiled: (application: AdminApplication) => {
              setFiling(false);
              void navigate(reviewUrl(application._id));
            },
          }}
        />
      </Modal>
    </Alert>
  );
}

/**
 * "Add a performer": picks an account and shows where it stands with verification (and the way on from there),
 * and can give it a performer profile at once (it publishes and is paid only once verified).
 */
export function AddPerformer({
  countries,
  onPromoted,
}: {
  countries: Country[];
  onPromoted: (performer: Performer) => void;
}) {
  const { t } = useTranslation();
  const { run } = useIntent();
  const standing = useIntent();
  const [selected, setSelected] = useState<LookupOption | null>(null);
  const [step, setStep] = useState<AddPerformerStep | null>(null);
  const [saving, setSaving] = useState(false);

  const { run: ask } = standing;
  useEffect(() => {
    setStep(null);
    if (!selected) return;
    let current = true;
    ask<{ data: AdminApplication[] }>("standing", { userId: selected.value })
      .then((list) => current && setStep(addPerformerStep(list.data[0])))
      .catch((e) => {
        if (current)
          notifications.show({ color: "red", title: t("Could not check the verification"), message: errorMessage(e) });
      });
    return () => {
      current = false;
    };
  }, [selected, ask, t]);

  const promote = async () => {
    if (!selected) return;
    setSaving(true);
    try {
      const performer = await run<Performer>("promote", { userId: selected.value });
      onPromoted(performer);
      setSelected(null);
      notifications.show({ color: "teal", message: t("{{name}} is now a performer.", { name: selected.name }) });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not make a performer"), message: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="promote-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="promote-title">
            {t("Add a performer")}
          </Title>
          <Text c="dimmed" size="sm">
            {t(
              "Give an existing account a performer profile. They publish movies and galleries and are paid once their identity is verified: file their application here, or review the one they sent.",
            )}
          </Text>
        </div>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void promote();
          }}
        >
          <Group align="flex-end" gap="sm">
            <LookupSelect
              kind="accounts"
              size="md"
              label={t("Account")}
              placeholder={t("Search by name, username or email")}
              clearable
              value={selected?.value ?? null}
              selected={selected}
              onChange={(_, option) => setSelected(option)}
              style={{ flex: "1 1 320px" }}
            />
            <Button
              type="submit"
              size="md"
              leftSection={<IconUserPlus size={18} />}
              disabled={!selected}
              loading={saving}
            >
              {t("Make performer")}
            </Button>
          </Group>
        </form>
        {selected && <VerificationStep account={selected} countries={countries} step={step} />}
      </Stack>
    </Card>
  );
}
