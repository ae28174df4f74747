import { open } from "node:fs/promises";

/** What a digital product's file is, read from its first bytes: the extension it is served under and its type. */
export interface Sniffed {
  ext: string;
  contentType: string;
}

const at = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.subarray(offset, offset + text.length).toString("latin1") === text;
const bytes = (head: Buffer, offset: number, values: number[]) => values.every((v, i) => head[offset + i] === v);

/**
 * The type of a file from its content, never from the name or type the client sent. Any file may be sold; what is
 * not recognised is served as text when it is readable text, else as opaque bytes (`.bin`), always as an
 * attachment, so nothing uploaded is ever rendered by the browser on the site's origin.
 */
export function sniff(head: Buffer): Sniffed {
  if (at(head, 0, "%PDF-")) return { ext: "pdf", contentType: "application/pdf" };
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(head, 0, [0x50, 0x4b, 0x05, 0x06]))
    return at(head, 30, "mimetypeapplication/epub+zip")
      ? { ext: "epub", contentType: "application/epub+zip" }
      : { ext: "zip", contentType: "application/zip" };
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47])) return { ext: "png", contentType: "image/png" };
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { ext: "jpg", contentType: "image/jpeg" };
  if (at(head, 0, "GIF87a") || at(head, 0, "GIF89a")) return { ext: "gif", contentType: "image/gif" };
  if (at(head, 0, "RIFF") && at(head, 8, "WEBP")) return { ext: "webp", contentType: "image/webp" };
  if (at(head, 0, "RIFF") && at(head, 8, "WAVE")) return { ext: "wav", contentType: "audio/wav" };
  if (at(head, 0, "ID3") || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0))
    return { ext: "mp3", contentType: "audio/mpeg" };
  if (at(head, 4, "ftyp")) return { ext: "mp4", contentType: "video/mp4" };
  if (at(head, 0, "OggS")) return { ext: "ogg", contentType: "audio/ogg" };
  if (at(head, 0, "fLaC")) return { ext: "flac", contentType: "audio/flac" };
  if (bytes(head, 0, [0x1f, 0x8b])) return { ext: "gz", contentType: "application/gzip" };
  if (bytes(head, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))
    return { ext: "7z", contentType: "application/x-7z-compressed" };
  if (at(head, 0, "Rar!")) return { ext: "rar", contentType: "application/vnd.rar" };
  if (at(head, 257, "ustar")) return { ext: "tar", contentType: "application/x-tar" };
  if (head.length && !head.includes(0) && isUtf8(head)) return { ext: "txt", contentType: "text/plain; charset=utf-8" };
  return { ext: "bin", contentType: "application/octet-stream" };
}

/** Readable text: valid UTF-8 (a character cut at the end of the sample is allowed). */
function isUtf8(head: Buffer) {
  for (let cut = 0; cut < 4 && cut < head.length; cut++) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {}
  }
  return false;
}

/** Sniffs a file on disk from its first 512 bytes. */
export async function sniffFile(filePath: string): Promise<Sniffed> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniff(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
