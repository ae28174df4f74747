/** Maps API error details (`body.username`) to form field names (`username`). */
export function fieldErrorsFrom(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!error || typeof error !== "object" || !("details" in error) || !Array.isArray(error.details)) return out;
  for (const detail of error.details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof detail.path !== "string" || typeof detail.message !== "string") continue;
    const field = detail.path.replace(/^(body|query|params)\./, "");
    if (field && !(field in out)) out[field] = detail.message;
  }
  return out;
}

/**
 * Puts the API's field errors (see `fieldErrorsFrom`) on a form. Returns false when the error names no field,
 * so the caller shows its message some other way.
 */
export function setFieldErrors(form: { setErrors(errors: Record<string, string>): void }, error: unknown): boolean {
  const fields = fieldErrorsFrom(error);
  if (!Object.keys(fields).length) return false;
  form.setErrors(fields);
  return true;
}
