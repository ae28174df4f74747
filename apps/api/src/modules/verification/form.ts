import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import type { z } from "zod";
import { AppError, badRequest, type ErrorDetail, unprocessable } from "../../platform/errors.ts";
import { refuseUnstorable } from "../../platform/input.ts";

/** A form of text fields and a few named files, read from one multipart request (an application, a release). */
export interface Form {
  fields: Record<string, string>;
  files: Map<string, Buffer>;
}

/**
 * Reads a multipart form whose file parts are named in `fileNames` (each at most `maxBytes`); anything else, a file
 * too large or a body that cannot be parsed is a 400/413 naming the field.
 */
export async function readForm(req: FastifyRequest, fileNames: readonly string[], maxBytes: number): Promise<Form> {
  if (!req.isMultipart())
    throw badRequest("Send the form as multipart/form-data", [{ path: "body", message: "multipart required" }]);
  const fields: Record<string, string> = {};
  const files = new Map<string, Buffer>();
  try {
    for await (const part of req.parts({
      limits: { files: fileNames.length, fileSize: maxBytes, fields: 12, fieldSize: 2000 },
    })) {
      if (part.type === "file") {
        if (!fileNames.includes(part.fieldname))
          throw badRequest(`Unexpected file ${part.fieldname}`, [{ path: part.fieldname, message: "unexpected file" }]);
        const data = await part.toBuffer();
        if (part.file.truncated)
          throw new AppError(413, "Payload Too Large", `${part.fieldname} is too large`, [
            { path: part.fieldname, message: "too large" },
          ]);
        if (data.length) files.set(part.fieldname, data);
      } else {
        if (part.valueTruncated)
          throw badRequest(`${part.fieldname} is too long`, [{ path: `body.${part.fieldname}`, message: "too long" }]);
        if (typeof part.value === "string" && part.value !== "") fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(413, "Payload Too Large", "A file is too large", [{ path: "file", message: "too large" }]);
    if (code === "FST_FILES_LIMIT") throw badRequest("Too many files", [{ path: "body", message: "too many files" }]);
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

/**
 * An ID picture as it is kept: a JPEG re-encoded from the upload (rotated upright, its metadata such as the place it
 * was taken dropped), at most 2400 px on a side. 422 naming the field when it is not an image.
 */
export async function idImage(field: string, data: Buffer): Promise<Buffer> {
  try {
    const meta = await sharp(data).metadata();
    if (!meta.format || !["jpeg", "png", "webp", "heif", "tiff"].includes(meta.format)) throw new Error("format");
    return await sharp(data)
      .rotate()
      .resize({ width: 2400, height: 2400, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
  } catch {
    throw unprocessable(`${field} is not a picture: upload a JPEG, PNG or WebP image.`, [
      { path: field, message: "not an image" },
    ]);
  }
}

/** A signed release as an uploaded PDF: its bytes must be one. */
export function pdfFile(field: string, data: Buffer): Buffer {
  if (data.subarray(0, 5).toString("latin1") !== "%PDF-")
    throw unprocessable(`${field} is not a PDF document.`, [{ path: field, message: "not a PDF" }]);
  return data;
}
