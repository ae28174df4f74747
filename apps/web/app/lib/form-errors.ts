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
