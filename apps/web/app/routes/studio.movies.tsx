import type { LiveNotification } from "@marquee/contracts/notifications";
import "@mantine/dropzone/styles.css";
import { TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { createVideoBody, type StudioVideo } from "@marquee/contracts/videos";
import { IconCalendarEvent, IconMovie } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { DataTable, EditDrawer } from "../components/admin/ManageList.tsx";
import { uploadFile, useConfirmedDelete } from "../components/admin/use-manage.tsx";
import { AssetFields } from "../components/studio/AssetFields.tsx";
import { AssetForm } from "../components/studio/AssetForm.tsx";
import { AssetDrawerTabs, StudioAssetScreen } from "../components/studio/AssetList.tsx";
import { MovieMedia, MovieRow, type MovieUpload, ProcessingBadge } from "../components/studio/MovieMedia.tsx";
import { StudioForbidden, useStudioRole } from "../components/studio/StudioPage.tsx";
import { type StudioListData, useProcessingPoll, useStudioAssets } from "../components/studio/use-studio-assets.ts";
import { AppearingPeoplePanel } from "../components/verification/AppearingPeople.tsx";
import { msg } from "../i18n/i18n.ts";
import { Trans } from "../i18n/Trans.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { schemaErrors } from "../lib/studio.ts";
import { assetIntents, loadStudioAssets } from "../lib/studio-assets.server.ts";
import { type VideoFormValues, validateVideoForm, videoBody, videoFormValues } from "../lib/studio-forms.ts";
import {
  fileProblem,
  isProcessing,
  mediaProcessedMessage,
  needsPolling,
  parseMediaProcessed,
} from "../lib/studio-media.ts";
import { pages } from "../pages.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.movies";

export const handle = pages.studioMovies.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("My movies"), t("Create movies, upload their files and follow their processing."));
};

export function loader({ request, context }: Route.LoaderArgs) {
  return loadStudioAssets<StudioVideo>(request, context, "videos", msg("Could not load your movies."));
}

const movieIntents = assetIntents("videos");

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, movieIntents);
}

const enc = encodeURIComponent;

function MoviesManager({ isAdmin, data }: { isAdmin: boolean; data: StudioListData<StudioVideo> }) {
  const { t } = useTranslation();
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const { socket } = useSocket();
  const revalidator = useRevalidator();
  const [remove, confirmDialog] = useConfirmedDelete();
  const assets = useStudioAssets<StudioVideo>(data);
  const { result, loading, drawer, openItem, openNew, close, options } = assets;
  const [drawerTab, setDrawerTab] = useState<"details" | "media" | "people">("details");
  const [uploads, setUploads] = useState<Record<string, MovieUpload>>({});

  // While something is pending or processing, ask again every few seconds.
  const editing = drawer?.mode === "edit" ? drawer.item : null;
  useProcessingPoll((!!result && needsPolling(result.data)) || (!!editing && isProcessing(editing.processing.status)));

  // The API tells the owner over the socket when processing ends.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!socket) return;
    const onNotification = (payload: LiveNotification) => {
      const event = parseMediaProcessed(payload);
      if (!event || !["video", "movie", "videos"].includes(event.objectType)) return;
      const toast = mediaProcessedMessage(event, t);
      notifications.show({ ...toast, autoClose: event.status === "ready" ? 6000 : false });
      void revalidate.current();
    };
    socket.on("notification", onNotification);
    return () => {
      socket.off("notification", onNotification);
    };
  }, [socket, t]);

  const startNew = () => {
    setDrawerTab("details");
    openNew();
  };
  /** A movie without a file opens on its media, the others on their details. */
  const openEdit = (video: StudioVideo) => {
    setDrawerTab(video.processing.status === "none" ? "media" : "details");
    openItem(video);
  };

  const uploadMovie = async (video: StudioVideo, file: File) => {
    const problem = fileProblem(file, "video", { imageMaxMb: 0 });
    if (problem) {
      notifications.show({ color: "red", title: t("Cannot upload this file"), message: problem });
      return;
    }
    const id = video._id;
    const set = (u: MovieUpload | null) =>
      setUploads((all) => {
        const next = { ...all };
        if (u) next[id] = u;
        else delete next[id];
        return next;
      });
    set({ percent: 0, done: false });
    try {
      await uploadFile(`/performer/assets/videos/${enc(id)}/upload/video`, file, (percent) =>
        set({ percent, done: false }),
      );
      set({ percent: 100, done: true });
      void revalidator.revalidate();
      notifications.show({
        color: "teal",
        title: t("Upload finished"),
        message: t("{{title}} is being processed. You can keep working meanwhile.", { title: video.title }),
      });
    } catch (e) {
      set(null);
      notifications.show({ color: "red", title: t("The movie upload failed"), message: errorMessage(e) });
    }
  };

  const confirmRemove = (video: StudioVideo) =>
    remove({
      title: t("Delete this movie?"),
      message: (
        <Trans
          t={t}
          i18nKey={msg("<b/> and its files are removed for good. Buyers and members lose access to it.")}
          components={{ b: <b>{video.title}</b> }}
        />
      ),
      confirmLabel: t("Delete movie"),
      id: video._id,
      deleted: t("{{title}} was deleted.", { title: video.title }),
      failTitle: t("Could not delete the movie"),
      onDeleted: () => {
        if (editing?._id === video._id) close();
      },
    });

  const onSaved = (video: StudioVideo, created: boolean) => {
    openItem(video, created);
    if (created) {
      setDrawerTab("media");
      notifications.show({ color: "teal", title: t("Movie created"), message: t("Now upload the movie file.") });
    } else {
      notifications.show({ color: "teal", message: t("Your changes are saved.") });
    }
  };

  return (
    <StudioAssetScreen
      title={t("My movies")}
      description={t("Create movies, upload their files and follow their processing.")}
      noun="movie"
      plural="movies"
      icon={IconMovie}
      assets={assets}
      onNew={startNew}
      table={
        <DataTable
          label={t("My movies")}
          minWidth={860}
          spacing="md"
          busy={loading}
          columns={[
            { label: t("Thumbnail"), hidden: true },
            { label: t("Title") },
            { label: t("Access") },
            { label: t("Status") },
            { label: t("Processing") },
            { label: t("Views"), right: true },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {result?.data.map((video) => (
            <MovieRow
              key={video._id}
              video={video}
              upload={uploads[video._id]}
              currencySymbol={currencySymbol}
              onEdit={() => openEdit(video)}
              onDelete={() => void confirmRemove(video)}
            />
          ))}
        </DataTable>
      }
    >
      <EditDrawer opened={drawer !== null} onClose={close} title={editing ? t("Edit movie") : t("New movie")}>
        {drawer && (
          <AssetDrawerTabs
            tab={drawerTab}
            onTab={setDrawerTab}
            editing={!!editing}
            people={editing ? <AppearingPeoplePanel kind="video" itemId={editing._id} /> : null}
            media={{
              value: "media",
              label: t("Media"),
              icon: <IconMovie size={16} />,
              rightSection: editing ? <ProcessingBadge video={editing} size="xs" /> : undefined,
            }}
            form={
              <AssetForm<VideoFormValues, StudioVideo>
                key={editing?._id ?? "new"}
                kind="movie"
                item={editing}
                isAdmin={isAdmin}
                options={options}
                initialValues={videoFormValues(editing)}
                validate={(values) => ({
                  ...schemaErrors(createVideoBody, videoBody(values)),
                  ...validateVideoForm(values),
                })}
                toBody={videoBody}
                onSaved={onSaved}
                fields={(form, choices) => <AssetFields form={form} kind="movie" {...choices} />}
                extra={(form) => (
                  <TextInput
                    type="datetime-local"
                    label={t("Scheduled release")}
                    description={t(
                      "Announce the movie as coming and publish it at this time. Leave empty to publish when ready.",
                    )}
                    leftSection={<IconCalendarEvent size={16} />}
                    key={form.key("scheduledAt")}
                    {...form.getInputProps("scheduledAt")}
                  />
                )}
              />
            }
            newHint={t("Create the movie first; then upload its file, a teaser and a thumbnail under Media.")}
            panel={
              editing && (
                <MovieMedia
                  video={editing}
                  upload={uploads[editing._id]}
                  onMovieFile={(file) => void uploadMovie(editing, file)}
                />
              )
            }
          />
        )}
      </EditDrawer>
      {confirmDialog}
    </StudioAssetScreen>
  );
}

export default function StudioMoviesPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return <MoviesManager isAdmin={role === "admin"} data={loaderData} />;
}
