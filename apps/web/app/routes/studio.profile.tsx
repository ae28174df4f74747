import { Alert, Anchor, Avatar, Button, Card, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Performer } from "@marquee/contracts/performers";
import { IconAlertCircle, IconPhoto, IconRefresh } from "@tabler/icons-react";
import { Link, useRevalidator } from "react-router";
import { uploadFile } from "../components/admin/use-manage.tsx";
import { PerformerProfileForm } from "../components/studio/PerformerProfileForm.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { UploadButton } from "../components/studio/UploadButton.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { errorMessage, isApiError } from "../lib/api.ts";
import { profileOptions } from "../lib/lookups.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.profile";

export const handle = pages.studioProfile.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Performer profile"), t("Your cover, attributes, languages and subscription prices."));
};

const enc = encodeURIComponent;

/** The viewer's performer profile (or why there is none) and the choices of its form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [performer, options] = await Promise.all([
    api.get<Performer>("/performer/profile").then(
      (result) => ({ result, error: null }),
      (e: unknown) => ({
        result: null,
        error: {
          message: errorMessage(e, msg("Could not load your performer profile.")),
          missing: isApiError(e) && e.statusCode === 404,
        },
      }),
    ),
    profileOptions(api),
  ]);
  return { ...performer, options };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    save: (api, { body }) => api.put("/performer/profile", body),
  });
}

function CoverCard({ performer }: { performer: Performer }) {
  const { revalidate } = useRevalidator();
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="cover-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconPhoto size={20} />
          <Title order={2} fz="lg" id="cover-title">
            {t("Cover")}
          </Title>
        </Group>
        <div className="marquee-cover-preview">
          {performer.coverImage ? (
            <img
              src={performer.coverImage.url}
              srcSet={performer.coverImage.srcSet ?? undefined}
              sizes="(min-width: 1200px) 800px, 100vw"
              width={performer.coverImage.width}
              height={performer.coverImage.height}
              alt={t("Your cover")}
            />
          ) : (
            performer.cover && <img src={performer.cover} alt={t("Your cover")} />
          )}
        </div>
        <Group justify="space-between" align="flex-start">
          <Text size="sm" c="dimmed" maw={420}>
            {t(
              "The wide image at the top of your profile. A landscape photo of at least 1600 × 400 pixels looks best.",
            )}
          </Text>
          <UploadButton
            kind="cover"
            what="cover"
            label={performer.cover ? t("Replace cover") : t("Upload cover")}
            testId="cover-upload-progress"
            upload={async (file, onProgress) => {
              await uploadFile("/performer/cover/upload", file, onProgress);
              void revalidate();
              notifications.show({ color: "teal", message: t("Your cover has been updated.") });
            }}
          />
        </Group>
      </Stack>
    </Card>
  );
}

function ProfileEditor({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const user = useAppSelector((s) => s.user.current);
  const revalidator = useRevalidator();
  const { result: performer, error, options } = data;
  const load = () => void revalidator.revalidate();
  const { t } = useTranslation();
  const f = useFormat();

  if (error) {
    return (
      <Alert
        color={error.missing ? "orange" : "red"}
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={error.missing ? t("No performer profile yet") : undefined}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {error.missing
              ? user.role === "admin"
                ? t("Your account has no performer profile. Edit performers' profiles under Admin → Performers.")
                : t("Your performer profile has not been set up. Please contact the site's team.")
              : t(error.message)}
          </Text>
          {error.missing && user.role === "admin" ? (
            <Button size="xs" variant="light" component={Link} to="/admin/performers">
              {t("Open performers")}
            </Button>
          ) : (
            !error.missing && (
              <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={load}>
                {t("Try again")}
              </Button>
            )
          )}
        </Stack>
      </Alert>
    );
  }
  if (!performer) return null;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="xl">
          <CoverCard performer={performer} />
          <PerformerProfileForm key={performer._id} performer={performer} options={options} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card>
          <Stack align="center" ta="center" gap="sm">
            <Avatar src={performer.avatar ?? user.avatar} alt="" size={96} radius={48} />
            <div>
              <Text fw={700} fz="lg">
                {performer.name}
              </Text>
              <Text c="dimmed" size="sm">
                @{performer.username}
              </Text>
            </div>
            <Text size="sm" c="dimmed">
              {t("Your name, bio, avatar and country come from your account.")}
            </Text>
            <Group gap="xs" justify="center">
              <Button component={Link} to="/account" variant="light" size="xs">
                {t("Edit account")}
              </Button>
              <Button component={Link} to={`/performers/${enc(performer.username)}`} variant="subtle" size="xs">
                {t("View public profile")}
              </Button>
            </Group>
            <Anchor component={Link} to="/studio/movies" size="sm">
              {t("{{n}} movies", { count: performer.stats.videos, n: f.number(performer.stats.videos) })} ·{" "}
              {t("{{n}} galleries", { count: performer.stats.galleries, n: f.number(performer.stats.galleries) })}
            </Anchor>
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

export default function StudioProfilePage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const { t } = useTranslation();
  if (!role) return <StudioForbidden />;
  return (
    <StudioPage
      title={t("Performer profile")}
      description={t("Your cover, attributes, languages and subscription prices.")}
    >
      <ProfileEditor data={loaderData} />
    </StudioPage>
  );
}
