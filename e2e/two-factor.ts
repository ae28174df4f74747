import { Secret, TOTP } from "otpauth";

/** The current code of a two-factor secret, or a later step's (`ahead` steps of 30 s), as an authenticator app shows. */
export function totpCode(secret: string, ahead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 });
}

/**
 * Turns two-factor sign-in on for the account of `token` through the API of `base` (an origin with the API's routes at
 * its root, or `…/api`), as My account → Security does: the password again, the set-up, then a current code. Admins
 * need it before any admin route answers (issue 22). Answers the secret and the trusted-browser token.
 */
export async function enrolTwoFactor(
  base: string,
  token: string,
  password: string,
): Promise<{ secret: string; deviceToken: string }> {
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body ?? {}),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  await call("/auth/reauthenticate", { password });
  const { secret } = await call("/auth/two-factor/setup");
  const { deviceToken } = await call("/auth/two-factor/confirm", { code: totpCode(secret), trustDevice: true });
  return { secret, deviceToken };
}
