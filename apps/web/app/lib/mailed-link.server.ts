import type { AppLoadContext } from "react-router";
import { errorMessage } from "./api.ts";
import { serverApi } from "./session.server.ts";

/**
 * The loader of a page a mailed link opens (`?token=`): it hands the token to `endpoint` and says how that went.
 * The link may be opened in any browser, so no session is sent: the token alone is the proof.
 */
export async function followMailedLink(
  request: Request,
  context: AppLoadContext | undefined,
  endpoint: string,
  texts: { incomplete: string; done: string; failed: string },
): Promise<{ ok: boolean; message: string }> {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { ok: false, message: texts.incomplete };
  try {
    const res = await serverApi(request, context, null).post<{ message: string }>(endpoint, { token });
    return { ok: true, message: res?.message || texts.done };
  } catch (error) {
    return { ok: false, message: errorMessage(error, texts.failed) };
  }
}
