import { Dropzone, type FileRejection, IMAGE_MIME_TYPE } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { IconPhoto } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import {
  clearFinished,
  fileProblem,
  nextQueued,
  type QueuedUpload,
  queueFiles,
  updateUpload,
} from "../../lib/studio-media.ts";
import { uploadFile } from "../admin/use-manage.tsx";
import { DropzoneFace } from "./DropzoneFace.tsx";

/**
 * Several pictures uploaded to `url` (multipart field `file`), one request at a time in the order they were
 * dropped, each with its progress; `onUploaded` runs after each one is in (to read the list again).
 */
export function usePhotoUploads(url: string, onUploaded: () => void) {
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const files = useRef(new Map<string, File>());
  const seq = useRef(0);
  const { t } = useTranslation();
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  useEffect(() => {
    const next = nextQueued(queue);
    if (!next) return;
    const file = files.current.get(next.key);
    if (!file) {
      setQueue((q) => updateUpload(q, next.key, { state: "failed", error: t("The file is no longer available.") }));
      return;
    }
    setQueue((q) => updateUpload(q, next.key, { state: "uploading", progress: 0 }));
    uploadFile(url, file, (progress) => setQueue((q) => updateUpload(q, next.key, { progress })))
      .then(() => {
        setQueue((q) => updateUpload(q, next.key, { state: "done", progress: 100 }));
        uploaded.current();
      })
      .catch((e: unknown) => {
        setQueue((q) => updateUpload(q, next.key, { state: "failed", error: errorMessage(e) }));
      })
      .finally(() => {
        files.current.delete(next.key);
      });
  }, [queue, url, t]);

  const addFiles = (dropped: File[]) => {
    const accepted: File[] = [];
    for (const file of dropped) {
      const problem = fileProblem(file, "photo", { imageMaxMb: DEFAULT_IMAGE_MAX_MB }, t);
      if (problem)
        notifications.show({ color: "red", title: t("Skipped {{name}}", { name: file.name }), message: problem });
      else accepted.push(file);
    }
    if (!accepted.length) return;
    const keys = accepted.map(() => `upload-${++seq.current}`);
    accepted.forEach((file, i) => {
      files.current.set(keys[i] as string, file);
    });
    setQueue((q) => queueFiles(clearFinished(q), accepted, (i) => keys[i] as string));
  };

  const reject = (rejections: FileRejection[]) => {
    for (const r of rejections.slice(0, 3)) {
      notifications.show({
        color: "red",
        title: t("Skipped {{name}}", { name: r.file.name }),
        message: r.errors[0]?.message ?? t("This file cannot be uploaded."),
      });
    }
  };

  return {
    queue,
    addFiles,
    reject,
    /** Drops the finished and failed lines. */
    clear: () => setQueue((q) => clearFinished(q).filter((u) => u.state !== "failed")),
    uploading: queue.some((u) => u.state === "uploading" || u.state === "queued"),
  };
}

/** Where pictures are dropped (or clicked to choose several): JPEG, PNG or WebP within the image size limit. */
export function PhotoDropzone({
  uploads,
  plural = "photos",
  testId = "photo-dropzone",
}: {
  uploads: Pick<ReturnType<typeof usePhotoUploads>, "addFiles" | "reject" | "uploading">;
  /** "photos", "pictures" */
  plural?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const pictures = plural === "pictures";
  return (
    <Dropzone
      onDrop={uploads.addFiles}
      onReject={uploads.reject}
      accept={IMAGE_MIME_TYPE}
      maxSize={DEFAULT_IMAGE_MAX_MB * 1024 * 1024}
      multiple
      data-testid={testId}
      inputProps={{ "aria-label": pictures ? t("Add pictures") : t("Add photos") }}
    >
      <DropzoneFace
        icon={IconPhoto}
        title={
          uploads.uploading
            ? t("Uploading… drop more to add them")
            : pictures
              ? t("Drag pictures here")
              : t("Drag photos here")
        }
        hint={t("Or click to choose several. JPEG, PNG or WebP, up to {{mb}} MB each.", { mb: DEFAULT_IMAGE_MAX_MB })}
      />
    </Dropzone>
  );
}
