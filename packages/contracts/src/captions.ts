import { z } from "zod";
import { entityId } from "./common.ts";

/**
 * Caption (subtitle) tracks of movies: WebVTT files a movie's performers or an admin upload in the studio, one per
 * language, delivered to viewers who may watch the movie with the same signed links as its renditions.
 */

/** The languages a caption may be in (BCP-47 primary language tags). */
export const CAPTION_LANGUAGES = [
  "en",
  "es",
  "de",
  "fr",
  "it",
  "pt",
  "nl",
  "pl",
  "sv",
  "tr",
  "ru",
  "ja",
  "ko",
  "zh",
] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];
export const captionLanguage = z.enum(CAPTION_LANGUAGES, {
  error: `Choose one of the caption languages: ${CAPTION_LANGUAGES.join(", ")}`,
});

/** A caption file is at most this large: a feature film's subtitles are about 100 KB. */
export const CAPTION_MAX_BYTES = 512 * 1024;

/**
 * A language's name in that language ("English", "Español", "Deutsch"), as a viewer looks for their own one in a
 * captions menu. From the runtime's own locale data (`Intl.DisplayNames`), first letter capitalised.
 */
export function languageName(code: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([code], { type: "language" }).of(code);
  } catch {
    name = undefined;
  }
  if (!name) return code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

const label = z.string().trim().max(60, "At most 60 characters");

/** The fields of a caption upload (multipart, beside the `file` part). An empty label means the language's name. */
export const captionUploadFields = z.strictObject({
  language: captionLanguage,
  label: label.optional(),
});
export type CaptionUploadFields = z.infer<typeof captionUploadFields>;

/** A caption as the studio lists it. `label` is what players show: the uploader's, else the language's name. */
export const caption = z.object({
  _id: entityId,
  language: captionLanguage,
  label: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Caption = z.infer<typeof caption>;
export const captionList = z.object({ data: z.array(caption), total: z.number().int() });
export type CaptionList = z.infer<typeof captionList>;

/** A caption track for a viewer who may watch the movie: a signed link to the WebVTT file, living as the media's. */
export const captionTrack = z.object({
  language: captionLanguage,
  label: z.string(),
  url: z.string(),
});
export type CaptionTrack = z.infer<typeof captionTrack>;
