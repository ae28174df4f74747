import { findUnstorableText } from "@marquee/contracts/input";
import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.ts";

/** A 400 naming every field (each value under its root's name) that holds a NUL or an unpaired surrogate, if any. */
export function refuseUnstorable(...values: [value: unknown, root: string][]): void {
  const details = values.flatMap(([value, root]) => findUnstorableText(value, root));
  if (details.length) throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
}

/**
 * Every route, before its schema runs: a NUL character or an unpaired surrogate anywhere in the path parameters,
 * query or JSON body is a 400 naming the fields, as PostgreSQL would refuse it with a server error. Headers need
 * no check (Node's parser refuses control characters and reads them as Latin-1); a multipart form's text fields are
 * checked where they become the body (`formFieldsAsBody`), its files by their handlers, which sniff them.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook("preValidation", async (req) => {
    refuseUnstorable([req.params, "params"], [req.query, "querystring"], [req.body, "body"]);
  });
}
