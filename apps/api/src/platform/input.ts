import { findUnstorableText } from "@marquee/contracts/input";
import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.ts";

/**
 * Every route, before its schema runs: a NUL character or an unpaired surrogate anywhere in the path parameters,
 * query or JSON body is a 400 naming the fields, as PostgreSQL would refuse it with a server error. Headers need
 * no check (Node's parser refuses control characters and reads them as Latin-1); multipart parts are read by
 * their handlers, which take only the file.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook("preValidation", async (req) => {
    const details = [
      ...findUnstorableText(req.params, "params"),
      ...findUnstorableText(req.query, "querystring"),
      ...findUnstorableText(req.body, "body"),
    ];
    if (details.length) throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
  });
}
