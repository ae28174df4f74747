import { updatePerformerBody } from "@marquee/contracts/performers";
import { createVideoBody, type StudioVideo, updateVideoBody } from "@marquee/contracts/videos";
import { describe, expect, it } from "vitest";
import { es } from "../i18n/es.ts";
import { formatIn } from "../i18n/format.ts";
import { tFor } from "../i18n/i18n.ts";
import { registerMessages } from "../i18n/messages.ts";
import {
  attributeLabel,
  fromLocalInput,
  normalizeTags,
  numberOrNull,
  priceLabel,
  schemaErrors,
  studioListQuery,
  toLocalInput,
} from "./studio.ts";
import {
  emptyVideoForm,
  galleryBody,
  galleryFormValues,
  profileBody,
  profileFormValues,
  validateGalleryForm,
  validateVideoForm,
  videoBody,
  videoFormValues,
} from "./studio-forms.ts";
import {
  byPosition,
  clearFinished,
  coverPhotoId,
  fileProblem,
  formatBytes,
  mediaProcessedMessage,
  movePhoto,
  needsPolling,
  nextQueued,
  parseMediaProcessed,
  queueFiles,
  queueSummary,
  updateUpload,
} from "./studio-media.ts";

const PERFORMER = { _id: "0190d5a0-0000-7000-8000-000000000001", username: "pat", name: "Pat", avatar: null };
const CATEGORY = { _id: "0190d5a0-0000-7000-8000-0000000000c1", name: "Outdoor", slug: "outdoor" };

function studioVideo(overrides: Partial<StudioVideo> = {}): StudioVideo {
  return {
    _id: "0190d5a0-0000-7000-8000-0000000000a1",
    slug: "sunset",
    title: "Sunset",
    description: "At the beach",
    tags: ["beach", "summer"],
    access: "sale",
    price: 9.99,
    status: "active",
    scheduledAt: "2031-05-04T18:30:00.000Z",
    isComing: true,
    publishedAt: null,
    durationSec: 95,
    thumbnail: null,
    teaser: null,
    performers: [PERFORMER],
    categories: [CATEGORY],
    stats: { views: 3, likes: 0, favourites: 0, comments: 0 },
    createdAt: "2030-01-01T00:00:00.000Z",
    isLiked: false,
    isFavourited: false,
    isWatchedLater: false,
    isBought: false,
    canWatch: true,
    lock: null,
    media: null,
    processing: { status: "ready", error: null },
    sourceSizeBytes: 1234,
    takedown: null,
    moderation: null,
    updatedAt: "2030-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("datetime-local values", () => {
  it("round-trips an instant through the browser's local time", () => {
    const iso = "2031-05-04T18:30:00.000Z";
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
  });

  it("reads a local value as local time", () => {
    const d = new Date(2031, 0, 2, 3, 4);
    expect(fromLocalInput("2031-01-02T03:04")).toBe(d.toISOString());
  });

  it("treats empty and malformed values as none", () => {
    expect(toLocalInput(null)).toBe("");
    expect(toLocalInput("not a date")).toBe("");
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("2031-13-45T99:99")).toBeNull();
    expect(fromLocalInput("tomorrow")).toBeNull();
  });
});

describe("numbers and tags", () => {
  it("reads NumberInput values", () => {
    expect(numberOrNull("")).toBeNull();
    expect(numberOrNull(undefined)).toBeNull();
    expect(numberOrNull("12.5")).toBe(12.5);
    expect(numberOrNull(3)).toBe(3);
    expect(numberOrNull("abc")).toBeNull();
  });

  it("normalises tags like the API", () => {
    expect(normalizeTags([" Beach", "beach", "", "  ", "Sun Set"])).toEqual(["beach", "sun set"]);
  });
});

describe("movie form <-> API body", () => {
  it("starts empty as a free draft", () => {
    expect(videoFormValues(null)).toEqual(emptyVideoForm);
    expect(videoFormValues(null)).not.toBe(emptyVideoForm);
  });

  it("fills the form from a movie and gives back an equivalent body", () => {
    const video = studioVideo();
    const values = videoFormValues(video);
    expect(values).toMatchObject({
      title: "Sunset",
      access: "sale",
      price: 9.99,
      categoryIds: [CATEGORY._id],
      performerIds: [PERFORMER._id],
    });
    const body = videoBody(values);
    expect(body).toEqual({
      title: "Sunset",
      description: "At the beach",
      tags: ["beach", "summer"],
      access: "sale",
      price: 9.99,
      status: "active",
      scheduledAt: "2031-05-04T18:30:00.000Z",
      categoryIds: [CATEGORY._id],
      performerIds: [PERFORMER._id],
    });
    expect(createVideoBody.safeParse(body).success).toBe(true);
    expect(updateVideoBody.safeParse(body).success).toBe(true);
  });

  it("drops the price unless the movie is for sale, clears the schedule and omits unset performers", () => {
    const body = videoBody({
      ...emptyVideoForm,
      title: "  Free clip ",
      access: "free",
      price: 5,
      status: "active",
      tags: ["A", "a"],
    });
    expect(body).toEqual({
      title: "Free clip",
      description: "",
      tags: ["a"],
      access: "free",
      price: null,
      status: "active",
      scheduledAt: null,
      categoryIds: [],
    });
    expect("performerIds" in body).toBe(false);
    expect(createVideoBody.parse(body).status).toBe("active");
  });

  it("checks what the API would refuse, by field", () => {
    expect(validateVideoForm({ ...emptyVideoForm, title: " " })).toEqual({ title: "Title is required" });
    expect(validateVideoForm({ ...emptyVideoForm, title: "x", access: "sale", price: "" })).toEqual({
      price: "A movie for sale needs a price",
    });
    expect(validateVideoForm({ ...emptyVideoForm, title: "x", scheduledAt: "soon" })).toEqual({
      scheduledAt: "Enter a valid date",
    });
    expect(validateVideoForm({ ...emptyVideoForm, title: "x" })).toEqual({});
    // The contract's own rules, mapped to the same field names.
    const errors = schemaErrors(
      createVideoBody,
      videoBody({ ...emptyVideoForm, title: "x", access: "sale", price: 0.1 }),
    );
    expect(errors.price).toBe("The lowest price is 0.50");
    expect(schemaErrors(createVideoBody, videoBody({ ...emptyVideoForm, title: "ok" }))).toEqual({});
  });
});

describe("gallery form <-> API body", () => {
  it("round-trips a gallery", () => {
    const values = galleryFormValues({
      title: "Shoot",
      description: "",
      tags: ["studio"],
      access: "members",
      price: null,
      status: "draft",
      categories: [CATEGORY],
      performers: [PERFORMER],
    });
    expect(values.price).toBe("");
    expect(galleryBody(values)).toEqual({
      title: "Shoot",
      description: "",
      tags: ["studio"],
      access: "members",
      price: null,
      status: "draft",
      categoryIds: [CATEGORY._id],
      performerIds: [PERFORMER._id],
    });
    expect(galleryFormValues(null).access).toBe("free");
  });

  it("requires a title, and a price when for sale", () => {
    const empty = galleryFormValues(null);
    expect(validateGalleryForm(empty)).toEqual({ title: "Title is required" });
    expect(validateGalleryForm({ ...empty, title: "x", access: "sale" })).toEqual({
      price: "A gallery for sale needs a price",
    });
    expect(galleryBody({ ...empty, title: "x", access: "sale", price: "12" }).price).toBe(12);
  });
});

describe("processing state", () => {
  it("polls while something is pending or processing", () => {
    const item = (status: "none" | "pending" | "processing" | "ready" | "failed") => ({
      processing: { status },
    });
    expect(needsPolling([item("ready"), item("failed"), item("none")])).toBe(false);
    expect(needsPolling([item("ready"), item("pending")])).toBe(true);
    expect(needsPolling([item("processing")])).toBe(true);
    expect(needsPolling([])).toBe(false);
  });

  it("reads media.processed notifications, ready and failed", () => {
    const ready = parseMediaProcessed({
      type: "media.processed",
      objectType: "video",
      objectId: "v1",
      title: "Sunset",
      status: "ready",
    });
    expect(ready).toEqual({ objectType: "video", objectId: "v1", title: "Sunset", status: "ready", error: null });
    expect(mediaProcessedMessage(ready as NonNullable<typeof ready>).title).toBe("Sunset is ready");

    const failed = parseMediaProcessed({
      type: "media.processed",
      data: { kind: "video", videoId: "v2", title: "Broken", status: "failed", error: "Not a video" },
    });
    expect(failed).toMatchObject({ objectType: "video", objectId: "v2", status: "failed", error: "Not a video" });
    const toast = mediaProcessedMessage(failed as NonNullable<typeof failed>);
    expect(toast).toEqual({ color: "red", title: "Broken could not be processed", message: "Not a video" });
  });

  it("reads the API's payload, taking the reason of a failure from its message", () => {
    const failed = parseMediaProcessed({
      type: "media.processed",
      objectType: "video",
      objectId: "v9",
      status: "failed",
      title: "Clip",
      message: '"Clip" could not be processed: The file is not a video we can read.',
    });
    expect(failed).toEqual({
      objectType: "video",
      objectId: "v9",
      title: "Clip",
      status: "failed",
      error: "The file is not a video we can read.",
    });
    const ready = parseMediaProcessed({
      type: "media.processed",
      objectType: "video",
      objectId: "v9",
      status: "ready",
      title: "Clip",
      message: '"Clip" is processed and ready.',
    });
    expect(ready?.error).toBeNull();
  });

  it("finds the id and title under the item's own name and ignores other notifications", () => {
    expect(
      parseMediaProcessed({ type: "media.processed", video: { _id: "v3", title: "Nested" }, status: "ready" }),
    ).toMatchObject({ objectType: "video", objectId: "v3", title: "Nested" });
    expect(parseMediaProcessed({ type: "media.processed", status: "failed" })).toMatchObject({
      title: "Your upload",
      error: "The file could not be processed.",
    });
    expect(parseMediaProcessed({ type: "payment", status: "paid" })).toBeNull();
    expect(parseMediaProcessed(null)).toBeNull();
    expect(parseMediaProcessed("media.processed")).toBeNull();
  });
});

describe("uploads", () => {
  const limits = { imageMaxMb: 8 };

  it("accepts videos for the movie and teaser, images for the rest", () => {
    expect(fileProblem({ type: "video/mp4", size: 10 }, "video", limits)).toBeNull();
    expect(fileProblem({ type: "image/png", size: 10 }, "video", limits)).toMatch(/video file/);
    expect(fileProblem({ type: "video/webm", size: 10 }, "teaser", limits)).toBeNull();
    expect(fileProblem({ type: "image/webp", size: 10 }, "thumbnail", limits)).toBeNull();
    expect(fileProblem({ type: "application/pdf", size: 10 }, "photo", limits)).toMatch(/image file/);
    expect(fileProblem({ type: "image/jpeg", size: 9 * 1024 * 1024 }, "cover", limits)).toBe(
      "The image must be 8 MB or smaller.",
    );
    expect(fileProblem({ type: "video/mp4", size: 3 * 1024 * 1024 }, "video", { imageMaxMb: 8, videoMaxMb: 2 })).toBe(
      "The video must be 2 MB or smaller.",
    );
  });

  it("takes SVG for the site's pictures (logo, favicon) only, and never an ICO", () => {
    expect(fileProblem({ type: "image/svg+xml", size: 10 }, "picture", limits)).toBeNull();
    expect(fileProblem({ type: "image/png", size: 10 }, "picture", limits)).toBeNull();
    expect(fileProblem({ type: "image/x-icon", size: 10 }, "picture", limits)).toBe(
      "Choose a picture (PNG, SVG, JPEG, WebP or GIF).",
    );
    expect(fileProblem({ type: "image/svg+xml", size: 10 }, "image", limits)).toBe(
      "Choose an image file (JPEG, PNG or WebP).",
    );
    expect(fileProblem({ type: "image/svg+xml", size: 9 * 1024 * 1024 }, "picture", limits)).toBe(
      "The image must be 8 MB or smaller.",
    );
  });

  it("counts in words, in English and in Spanish", () => {
    registerMessages("es", es);
    const count = (locale: "en" | "es", key: string, n: number) =>
      tFor(locale)(key, { count: n, n: formatIn(locale).number(n) });
    expect(count("en", "{{n}} galleries", 1)).toBe("1 gallery");
    expect(count("en", "{{n}} galleries", 0)).toBe("0 galleries");
    expect(count("en", "{{n}} movies", 1200)).toBe("1,200 movies");
    expect(count("es", "{{n}} galleries", 1)).toBe("1 galería");
    expect(count("es", "{{n}} movies", 12000)).toBe("12.000 películas");
  });

  it("formats sizes", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatBytes(null)).toBe("");
  });

  it("sends one file at a time and keeps failures visible", () => {
    let queue = queueFiles(
      [],
      [
        { name: "a.jpg", size: 1 },
        { name: "b.jpg", size: 2 },
      ],
      (i) => `k${i}`,
    );
    expect(queue.map((u) => [u.key, u.state, u.progress])).toEqual([
      ["k0", "queued", 0],
      ["k1", "queued", 0],
    ]);
    expect(nextQueued(queue)?.key).toBe("k0");
    queue = updateUpload(queue, "k0", { state: "uploading", progress: 40 });
    expect(nextQueued(queue)).toBeNull();
    queue = updateUpload(queue, "k0", { state: "failed", error: "Too big" });
    expect(nextQueued(queue)?.key).toBe("k1");
    queue = updateUpload(queue, "k1", { state: "done", progress: 100 });
    expect(nextQueued(queue)).toBeNull();
    expect(queueSummary(queue)).toEqual({ done: 1, failed: 1, total: 2 });
    expect(clearFinished(queue).map((u) => u.key)).toEqual(["k0"]);
  });
});

describe("photo order", () => {
  const photos = [
    { _id: "c", position: 7 },
    { _id: "a", position: 0 },
    { _id: "b", position: 3 },
  ];

  it("sorts by position", () => {
    expect(byPosition(photos).map((p) => p._id)).toEqual(["a", "b", "c"]);
  });

  it("moves a photo and saves only the positions that changed", () => {
    const sorted = byPosition(photos);
    const { photos: moved, changes } = movePhoto(sorted, 2, 0);
    expect(moved.map((p) => [p._id, p.position])).toEqual([
      ["c", 0],
      ["a", 1],
      ["b", 2],
    ]);
    expect(changes).toEqual([
      { _id: "c", position: 0 },
      { _id: "a", position: 1 },
      { _id: "b", position: 2 },
    ]);
    const again = movePhoto(moved, 0, 1);
    expect(again.photos.map((p) => p._id)).toEqual(["a", "c", "b"]);
    expect(again.changes).toEqual([
      { _id: "a", position: 0 },
      { _id: "c", position: 1 },
    ]);
  });

  it("recognises the cover's photo by the id in its signed link", () => {
    const id = "01a2033b-8132-7fdc-9db3-30c8f71db034";
    const list = [{ _id: "01a2033b-0000-7fdc-9db3-000000000000" }, { _id: id }];
    const url = `http://api.test/media/1795372164/F6CKmVYC/private/photos/${id}/thumb.webp`;
    expect(coverPhotoId({ url }, list)).toBe(id);
    expect(coverPhotoId({ url: "/media/1/sig/private/photos/other/thumb.webp" }, list)).toBeNull();
    expect(coverPhotoId(null, list)).toBeNull();
  });

  it("ignores moves out of range", () => {
    const sorted = byPosition(photos);
    expect(movePhoto(sorted, 0, -1).changes).toEqual([]);
    expect(movePhoto(sorted, 2, 3).changes).toEqual([]);
    expect(movePhoto(sorted, 1, 1).changes).toEqual([]);
  });
});

describe("performer profile form <-> API body", () => {
  it("fills from a performer and sends every field, empty choices as null", () => {
    const values = profileFormValues({
      _id: PERFORMER._id,
      username: "pat",
      name: "Pat",
      avatar: null,
      avatarSrcSet: null,
      cover: null,
      coverImage: null,
      bio: null,
      gender: null,
      country: null,
      languages: ["en", "fr"],
      attributes: {
        ethnicity: null,
        bodyType: "athletic",
        hairColor: "brown",
        eyeColor: null,
        height: "170-180",
        sexualOrientation: null,
      },
      categories: [CATEGORY],
      stats: { views: 0, likes: 0, videos: 0, galleries: 0, products: 0, subscribers: 0, followers: 0 },
      monthlyPrice: 9.5,
      yearlyPrice: null,
      status: "active",
      createdAt: "2030-01-01T00:00:00.000Z",
    });
    expect(values.yearlyPrice).toBe("");
    const body = profileBody({ ...values, languages: ["EN", "fr", "fr"] });
    expect(body).toEqual({
      languages: ["en", "fr"],
      ethnicity: null,
      bodyType: "athletic",
      hairColor: "brown",
      eyeColor: null,
      height: "170-180",
      sexualOrientation: null,
      categoryIds: [CATEGORY._id],
      monthlyPrice: 9.5,
      yearlyPrice: null,
    });
    expect(updatePerformerBody.safeParse(body).success).toBe(true);
    expect(schemaErrors(updatePerformerBody, profileBody({ ...values, monthlyPrice: 0.2 }))).toHaveProperty(
      "monthlyPrice",
    );
  });

  it("labels attribute values", () => {
    expect(attributeLabel("plus-size")).toBe("Plus size");
    expect(attributeLabel("under-160")).toBe("Under 160 cm");
    expect(attributeLabel("160-170")).toBe("160–170 cm");
    expect(attributeLabel("slim")).toBe("Slim");
  });
});

describe("price labels", () => {
  it("shows the access, or the price of a movie for sale", () => {
    expect(priceLabel({ access: "free", price: null }, "$")).toBe("Free");
    expect(priceLabel({ access: "members", price: null }, "$")).toBe("Members");
    expect(priceLabel({ access: "sale", price: 4.5 }, "€")).toBe("€4.50");
  });
});

describe("studio list filters", () => {
  it("reads the search, status and page from the URL and asks the API for that page", () => {
    const filters = studioListQuery(new URLSearchParams("q=%20night%20&status=draft&page=3"));
    expect(filters).toMatchObject({ q: "night", status: "draft", page: 3 });
    expect(filters.query).toEqual({ q: "night", status: "draft", sortBy: "newest", limit: 20, offset: 40 });
  });

  it("falls back to everything, first page, for missing or bad values", () => {
    for (const search of ["", "status=deleted&page=-2", "page=abc", "page=0"]) {
      const filters = studioListQuery(new URLSearchParams(search));
      expect(filters).toMatchObject({ q: "", status: "all", page: 1 });
      expect(filters.query).toMatchObject({ q: undefined, status: undefined, offset: 0 });
    }
  });
});
