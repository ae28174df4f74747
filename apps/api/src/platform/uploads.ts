import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors.ts";
import { refuseUnstorable } from "./input.ts";

/** A size limit as people read it: "512 KB", "2 MB". */
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / 1024 / 1024)} MB`;

const tooLarge = (maxBytes: number) =>
  new AppError(413, "Payload Too Large", `The file is larger than ${sizeText(maxBytes)}.`, [
    { path: "file", message: "too large" },
  ]);

const malformed = () =>
  badRequest("The upload could not be read: send one file as multipart/form-data in a field named file", [
    { path: "file", message: "malformed multipart body" },
  ]);

/** Our own refusals pass through; too large is 413; anything else a multipart parser throws is bad input. */
function uploadError(err: unknown, maxBytes: number): Error {
  // A failing disk (a system call's error) is the server's fault, not the client's.
  if (err instanceof AppError || (err as NodeJS.ErrnoException).syscall) return err as Error;
  if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(maxBytes);
  return malformed();
}

/** The one `file` part of a multipart request; a body busboy cannot parse (no boundary, cut short) is a 400. */
async function filePart(req: FastifyRequest, maxBytes: number, throwFileSizeLimit?: boolean) {
  if (!req.isMultipart())
    throw badRequest("Send the file as multipart/form-data in a field named file", [
      { path: "file", message: "required" },
    ]);
  const part = await req
    .file({ limits: { fileSize: maxBytes, files: 1, fields: 5 }, throwFileSizeLimit })
    .catch((err: unknown) => {
      throw uploadError(err, maxBytes);
    });
  if (part?.fieldname !== "file")
    throw badRequest("Send the file in a field named file", [{ path: "file", message: "required" }]);
  return part;
}

/**
 * A `preValidation` hook: the text fields of a multipart/form-data request become its body, so a route whose SPEC call
 * is an upload (a form) takes the same fields as JSON and validates them with the same schema. Any file part, more
 * than `maxFields` fields, a value over `maxFieldBytes` or one PostgreSQL cannot store (a NUL) is a 400 naming the
 * field; a JSON request passes untouched.
 */
export function formFieldsAsBody(maxFieldBytes: number, maxFields = 10) {
  const noFiles = () => badRequest("This form takes no files", [{ path: "body", message: "no files" }]);
  return async (req: FastifyRequest) => {
    if (!req.isMultipart()) return;
    const body: Record<string, unknown> = {};
    try {
      for await (const part of req.parts({ limits: { files: 0, fields: maxFields, fieldSize: maxFieldBytes } })) {
        // `files: 0` has busboy refuse a file part before it is yielded; this narrows the type.
        if (part.type === "file") throw noFiles();
        if (part.valueTruncated)
          throw badRequest(`${part.fieldname} is too long`, [
            { path: `body.${part.fieldname}`, message: `over ${maxFieldBytes} bytes` },
          ]);
        body[part.fieldname] = part.value;
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === "FST_FILES_LIMIT") throw noFiles();
      if (code === "FST_FIELDS_LIMIT")
        throw badRequest(`At most ${maxFields} fields`, [{ path: "body", message: "too many fields" }]);
      throw badRequest("The form could not be read", [{ path: "body", message: "malformed multipart body" }]);
    }
    // The app's check of every body ran before this hook, on the form's empty one.
    refuseUnstorable([body, "body"]);
    req.body = body;
  };
}

/**
 * Reads the single file part named `file` of a multipart request, up to `maxBytes`.
 * The client's file name and content type are ignored: callers sniff the bytes.
 */
export async function readSingleFile(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const part = await filePart(req, maxBytes);
  const data = await part.toBuffer().catch((err: unknown) => {
    throw uploadError(err, maxBytes);
  });
  if (data.length === 0) throw badRequest("The file is empty", [{ path: "file", message: "empty" }]);
  return data;
}

/**
 * A small upload with its form: the text fields (at most `maxFields`, each at most 1,000 bytes, each once) and the one
 * file part named `file`, in any order, up to `maxBytes`. 400 naming the field for a missing or second file, a field
 * sent twice or too long, or a body that cannot be read; 413 when the file is too large. The client's file name and
 * content type are ignored: callers check the bytes.
 */
export async function readFileWithFields(
  req: FastifyRequest,
  maxBytes: number,
  maxFields = 5,
): Promise<{ fields: Record<string, string>; file: Buffer }> {
  if (!req.isMultipart())
    throw badRequest("Send the file as multipart/form-data in a field named file", [
      { path: "file", message: "required" },
    ]);
  const fields: Record<string, string> = Object.create(null);
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts({
      limits: { files: 1, fileSize: maxBytes, fields: maxFields, fieldSize: 1000 },
    })) {
      if (part.type === "file") {
        if (part.fieldname !== "file")
          throw badRequest("Send the file in a field named file", [
            { path: part.fieldname, message: "unexpected file" },
          ]);
        file = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        continue;
      }
      const path = `body.${part.fieldname}`;
      if (Object.hasOwn(fields, part.fieldname))
        throw badRequest(`${part.fieldname} was sent more than once`, [{ path, message: "sent more than once" }]);
      if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`, [{ path, message: "too long" }]);
      fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT")
      throw badRequest("Send one file", [{ path: "file", message: "more than one file" }]);
    if (code === "FST_FIELDS_LIMIT")
      throw badRequest(`At most ${maxFields} fields`, [{ path: "body", message: "too many fields" }]);
    throw uploadError(err, maxBytes);
  }
  if (!file) throw badRequest("Send the file in a field named file", [{ path: "file", message: "required" }]);
  if (file.length === 0) throw badRequest("The file is empty", [{ path: "file", message: "empty" }]);
  refuseUnstorable([fields, "body"]);
  return { fields, file };
}

/**
 * Streams the single file part named `file` of a multipart request to `destPath` (its directory is made),
 * up to `maxBytes`, without holding it in memory. 400 when the request is not multipart, has no `file`
 * part or an empty one, 413 when it is too large; the partial file is removed on any failure. `destPath` is a
 * storage `tempPath`, moved in once the file is checked, so a crash mid-upload leaves nothing at a media key.
 * The client's content type is ignored: callers sniff the file. Its file name is answered for display only (the
 * vault shows it); never a storage key.
 */
export async function streamSingleFileToDisk(
  req: FastifyRequest,
  maxBytes: number,
  destPath: string,
): Promise<{ bytes: number; filename: string }> {
  const part = await filePart(req, maxBytes, true);

  await mkdir(path.dirname(destPath), { recursive: true });
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, count, createWriteStream(destPath));
    // At the limit busboy ends the part early and marks it truncated.
    if (part.file.truncated || bytes > maxBytes) throw tooLarge(maxBytes);
    if (bytes === 0) throw badRequest("The file is empty", [{ path: "file", message: "empty" }]);
    return { bytes, filename: part.filename ?? "" };
  } catch (err) {
    await rm(destPath, { force: true });
    throw uploadError(err, maxBytes);
  }
}
