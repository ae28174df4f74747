import { z } from "zod";
import { msg } from "../i18n/i18n.ts";

export const PASSWORDS_DO_NOT_MATCH = msg("Passwords do not match");

/**
 * A form schema with a password and its confirmation: `shape` (which holds `password`) plus a
 * `confirmPassword` string that must equal it, the error landing on `confirmPassword`.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape & { password: z.ZodType<string> }>(shape: Shape) {
  return z.object({ ...shape, confirmPassword: z.string() }).refine(
    (v) => {
      const values = v as { password?: unknown; confirmPassword?: unknown };
      return values.password === values.confirmPassword;
    },
    {
      path: ["confirmPassword"],
      message: PASSWORDS_DO_NOT_MATCH,
    },
  );
}
