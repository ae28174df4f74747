import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import type { z } from "zod";
import { AppError, badRequest, type ErrorDetail, unprocessable } from "../../platform/errors.ts";
import { refuseUnstorable } from "../../platform/input.ts";
import { type ImageFormats, readImage } from "../../platform/media/images.ts";

/** A form of text fields and a few named files, read from one multipart request (an application, a release). */
export interface Form {
  fields: Record<string, string>;
  files: Map<string, Buffer>;
}

/** At most this many text fields in one form: more is a 400, not a longer read. */
const MAX_FIELDS = 12;

const tooLarge = (field: string, maxBytes: number) =>
  new AppError(413, "Payload Too Large", `${field} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, [
    { path: field, message: "too large" },
  ]);
const sentTwice = (path: string, field: string) =>
  badRequest(`${field} was sent more than once: send each field once.`, [{ path, message: "sent more than once" }]);

/**
 * Reads a multipart form whose file parts are named in `fileNames` (each at most `maxBytes`). Each refusal is a 400
 * or 413 naming the field and why: a file under another name, a file too large or empty, a field or a file sent
 * twice (the second would silently win), a value too long, too many fields, a body that cannot be parsed. The
 * client's file names and content types are ignored: the files are sniffed where they are used.
 */
export async function readForm(req: FastifyRequest, fileNames: readonly string[], maxBytes: number): Promise<Form> {
  if (!req.isMultipart())
    throw badRequest("Send the form as multipart/form-data", [{ path: "body", message: "multipart required" }]);
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const files = new Map<string, Buffer>();
  try {
    // One file more than the form takes, so a repeated one is read far enough to be named.
    for await (const part of req.parts({
      limits: { files: fileNames.length + 1, fileSize: maxBytes, fields: MAX_FIELDS, fieldSize: 2000 },
    })) {
      if (part.type === "file") {
        const name = part.fieldname;
        if (!fileNames.includes(name))
          throw badRequest(`Unexpected file ${name}`, [{ path: name, message: "unexpected file" }]);
        if (seen.has(name)) throw sentTwice(name, name);
        seen.add(name);
        const data = await part.toBuffer().catch((err: unknown) => {
          if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(name, maxBytes);
          throw err;
        });
        if (part.file.truncated) throw tooLarge(name, maxBytes);
        if (!data.length) throw badRequest(`${name} is an empty file`, [{ path: name, message: "empty file" }]);
        files.set(name, data);
      } else {
        const path = `body.${part.fieldname}`;
        if (seen.has(path)) throw sentTwice(path, part.fieldname);
        seen.add(path);
        if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`, [{ path, message: "too long" }]);
        if (typeof part.value === "string" && part.value !== "") fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw badRequest("Too many files", [{ path: "body", message: "too many files" }]);
    if (code === "FST_FIELDS_LIMIT")
      throw badRequest(`At most ${MAX_FIELDS} fields`, [{ path: "body", message: "too many fields" }]);
    throw badRequest("The form could not be read", [{ path: "body", message: "malformed multipart body" }]);
  }
  refuseUnstorable([fields, "body"]);
  return { fields, files };
}

/** The form's fields checked by `schema` (400 naming each field), with the files it must carry (400 naming each). */
export function checkForm<T extends z.ZodType>(schema: T, form: Form, required: readonly string[]): z.infer<T> {
  const parsed = schema.safeParse(form.fields);
  const details: ErrorDetail[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: ["body", ...i.path.map(String)].join("."), message: i.message }));
  for (const name of required)
    if (!form.files.has(name)) details.push({ path: name, message: "required: upload this image" });
  if (details.length) throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
  return parsed.data as z.infer<T>;
}

const ID_FORMATS: ImageFormats = {
  accepted: new Set(["jpeg", "png", "webp", "heif", "tiff"]),
  names: "JPEG, PNG or WebP",
};

/**
 * An ID picture as it is kept: a JPEG re-encoded from the upload (rotated upright, its metadata such as the place it
 * was taken dropped, anything appended to it gone), at most 2400 px on a side. 422 naming the field when it is not
 * a picture, is too many pixels (checked from its header, before decoding: platform/media/images.ts) or is damaged.
 */
export async function idImage(field: string, data: Buffer): Promise<Buffer> {
  await readImage(data, field, ID_FORMATS);
  try {
    return await sharp(data)
      .rotate()
      .resize({ width: 2400, height: 2400, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
  } catch {
    throw unprocessable(`${field}: the image could not be read; it may be damaged.`, [
      { path: field, message: "corrupt image" },
    ]);
  }
}

/**
 * A signed release as an uploaded PDF: its bytes must be one, by its header (`%PDF-1.x` or `2.x`), at least one
 * object and the end-of-file marker near its end; a page that only starts with `%PDF-` is not. It is kept as sent,
 * and served as application/pdf with sniffing off.
 */
export function pdfFile(field: string, data: Buffer): Buffer {
  const head = data.subarray(0, 16).toString("latin1");
  const tail = data.subarray(Math.max(0, data.length - 1024)).toString("latin1");
  const isPdf =
    /^%PDF-[12]\.\d\s/.test(head) && tail.includes("%%EOF") && /\d+\s+\d+\s+obj\b/.test(data.toString("latin1"));
  if (!isPdf) throw unprocessable(`${field} is not a PDF document.`, [{ path: field, message: "not a PDF" }]);
  return data;
}
