import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error a service raises on purpose; the handler turns it into DESIGN section 4's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, "Bad Request", message, details);
export const unauthorized = (message = "Please log in") => new AppError(401, "Unauthorized", message);
export const forbidden = (message = "You are not allowed to do this") => new AppError(403, "Forbidden", message);
export const notFound = (what = "Resource") => new AppError(404, "Not Found", `${what} not found`);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError(409, "Conflict", message, details);
export const unprocessable = (message: string, details?: ErrorDetail[]) =>
  new AppError(422, "Unprocessable Entity", message, details);
export const tooManyRequests = (message: string) => new AppError(429, "Too Many Requests", message);

const statusNames: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        error: err.error,
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => {
        const where = err.validationContext ?? "body";
        const field = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        const unknownKeys = (v.params as { keys?: string[] } | undefined)?.keys;
        const path = unknownKeys?.length ? `${field ? `${field}.` : ""}${unknownKeys.join(",")}` : field;
        return { path: path ? `${where}.${path}` : where, message: v.message ?? "is invalid" };
      });
      return reply.status(400).send({
        statusCode: 400,
        error: "Bad Request",
        message: details.map((d) => `${d.path}: ${d.message}`).join("; "),
        details,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, "response did not match its schema");
      return reply
        .status(500)
        .send({ statusCode: 500, error: "Internal Server Error", message: "Internal Server Error" });
    }
    const status =
      typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, "unhandled error");
      return reply
        .status(500)
        .send({ statusCode: 500, error: "Internal Server Error", message: "Internal Server Error" });
    }
    return reply
      .status(status)
      .send({ statusCode: status, error: statusNames[status] ?? "Error", message: err.message });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ statusCode: 404, error: "Not Found", message: `Route ${req.method} ${req.url.split("?")[0]} not found` });
  });
}
