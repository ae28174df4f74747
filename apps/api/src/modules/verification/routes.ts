import { entityId } from "@marquee/contracts/common";
import {
  adminApplication,
  adminApplicationDetail,
  adminApplicationFields,
  adminApplicationList,
  adminApplicationsQuery,
  appearingPeople,
  applicationFields,
  applicationImages,
  itemKind,
  ownVerification,
  refuseBody,
  releaseFields,
  releaseFileLinks,
  releaseFiles,
  requestAgainBody,
} from "@marquee/contracts/verification";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { actorOf as auditActor } from "../audit/service.ts";
import { checkForm, readForm } from "./form.ts";
import type { Actor, VerificationService } from "./service.ts";

const tags = ["verification"];
const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const params = z.strictObject({ id: entityId });
const itemParams = z.strictObject({ kind: itemKind, id: entityId });
const releaseParams = itemParams.extend({ releaseId: entityId });

/** Who acts, as the audit trail records them (the route requires a signed-in admin). */
const actorOf = (req: FastifyRequest): Actor => ({ ...auditActor(req), userId: currentUser(req).id });

const APPLICATION_FORM =
  "Multipart form: `legalName`, `dateOfBirth` (YYYY-MM-DD, 18 or older), `country` (ISO code) and three images, " +
  "`documentFront`, `documentBack` and `selfie` (holding the document).";

export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService;
  imageMaxBytes: number;
}> = async (app, { verification, imageMaxBytes }) => {
  const { applications, releases } = verification;

  app.get("/verification", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The signed-in user's verification and latest application.",
      response: { 200: ownVerification },
    },
    handler: async (req) => applications.own(currentUser(req).id),
  });

  app.post("/verification/applications", {
    config: { access: "user" },
    schema: {
      tags,
      description: `Applies to be a verified performer. ${APPLICATION_FORM}`,
      response: { 201: adminApplication.pick({ _id: true, state: true, createdAt: true }) },
    },
    handler: async (req, reply) => {
      const form = await readForm(req, applicationImages, imageMaxBytes);
      const fields = checkForm(applicationFields, form, applicationImages);
      const user = currentUser(req);
      const row = await applications.apply(user.id, fields, form.files, { source: "applicant", submittedBy: user.id });
      return reply.status(201).send(row);
    },
  });

  app.get("/admin/verifications", {
    config: admin,
    schema: { tags: ["admin"], querystring: adminApplicationsQuery, response: { 200: adminApplicationList } },
    handler: async (req) => applications.list(req.query),
  });

  app.post("/admin/verifications", {
    config: admin,
    schema: {
      tags: ["admin"],
      description: `Files an application for an account (\`userId\`), e.g. a performer the admin added. ${APPLICATION_FORM}`,
      response: { 201: adminApplication },
    },
    handler: async (req, reply) => {
      const form = await readForm(req, applicationImages, imageMaxBytes);
      const { userId, ...fields } = checkForm(adminApplicationFields, form, applicationImages);
      const row = await applications.apply(userId, fields, form.files, {
        source: "admin",
        submittedBy: currentUser(req).id,
        actor: actorOf(req),
      });
      return reply.status(201).send(row);
    },
  });

  app.get("/admin/verifications/:id", {
    config: admin,
    schema: {
      tags: ["admin"],
      params,
      description: "One application with links to its ID images that work for a few minutes; each viewing is recorded.",
      response: { 200: adminApplicationDetail },
    },
    handler: async (req) => applications.detail(actorOf(req), req.params.id),
  });

  app.post("/admin/verifications/:id/approve", {
    config: admin,
    schema: { tags: ["admin"], params, response: { 200: adminApplication } },
    handler: async (req) => applications.approve(actorOf(req), req.params.id),
  });

  app.post("/admin/verifications/:id/refuse", {
    config: admin,
    schema: { tags: ["admin"], params, body: refuseBody, response: { 200: adminApplication } },
    handler: async (req) => applications.refuse(actorOf(req), req.params.id, req.body.reason),
  });

  app.post("/admin/performers/:id/verification/request-again", {
    config: admin,
    schema: {
      tags: ["admin"],
      params,
      body: requestAgainBody,
      description: "Asks a verified performer to apply again: their verification stops counting at once.",
      response: { 200: adminApplication },
    },
    handler: async (req) => applications.requestAgain(actorOf(req), req.params.id, req.body.reason),
  });

  // ---- the people who appear in a movie or gallery (its owner and admins) ----------------------------------------

  app.get("/performer/people/:kind/:id", {
    config: { access: "performer" },
    schema: {
      tags,
      params: itemParams,
      description:
        "Everyone who appears in the movie (`video`) or gallery, their releases and what publishing waits for.",
      response: { 200: appearingPeople },
    },
    handler: async (req) => releases.list(currentUser(req), req.params.kind, req.params.id),
  });

  app.post("/performer/people/:kind/:id/releases", {
    config: { access: "performer" },
    schema: {
      tags,
      params: itemParams,
      description:
        "Records a release. Multipart form: `performerId` (a performer of the item who is not verified) or " +
        "`displayName`, `legalName`, `dateOfBirth`, files `documentFront` and `documentBack`, and the consent: a " +
        "`consentPdf` file, or `consentName` (the same full legal name) with `consentAgreed` = true.",
      response: { 201: appearingPeople },
    },
    handler: async (req, reply) => {
      const form = await readForm(req, releaseFiles, imageMaxBytes);
      const fields = checkForm(releaseFields, form, ["documentFront", "documentBack"]);
      const people = await releases.add(currentUser(req), req.params.kind, req.params.id, fields, form.files, req.ip);
      return reply.status(201).send(people);
    },
  });

  app.get("/performer/people/:kind/:id/releases/:releaseId/files", {
    config: { access: "performer" },
    schema: { tags, params: releaseParams, response: { 200: releaseFileLinks } },
    handler: async (req) => {
      const { kind, id, releaseId } = req.params;
      const { data } = await releases.files(currentUser(req), kind, id, releaseId, actorOf(req));
      return { data };
    },
  });

  app.delete("/performer/people/:kind/:id/releases/:releaseId", {
    config: { access: "performer" },
    schema: { tags, params: releaseParams },
    handler: async (req, reply) => {
      const { kind, id, releaseId } = req.params;
      await releases.remove(currentUser(req), kind, id, releaseId);
      return reply.status(204).send();
    },
  });
};
