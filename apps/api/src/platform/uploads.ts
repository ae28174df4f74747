import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors.ts";

/**
 * Reads the single file part named `file` of a multipart request, up to `maxBytes`.
 * The client's file name and content type are ignored: callers sniff the bytes.
 */
export async function readSingleFile(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart())
    throw badRequest("Send the file as multipart/form-data in a field named file", [
      { path: "file", message: "required" },
    ]);
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  if (part?.fieldname !== "file")
    throw badRequest("Send the file in a field named file", [{ path: "file", message: "required" }]);
  const data = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(
        413,
        "Payload Too Large",
        `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
        [{ path: "file", message: "too large" }],
      );
    }
    throw err;
  });
  if (data.length === 0) throw badRequest("The file is empty", [{ path: "file", message: "empty" }]);
  return data;
}
