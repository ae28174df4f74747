import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../../../test/harness.ts";
import { saleMovie } from "../../../../test/sales.ts";
import { COUPON_TRIES } from "./coupons.ts";

/**
 * Coupon guessing (issue 22, section 6): 400 guesses in 2.2 s got no 429, from the apply route and from a checkout's
 * `couponCode` alike. Both count against one limit per account and one per client address.
 */

let t: TestContext;
let performer: string;
let movie: string;

const MESSAGE = "Too many coupon codes tried. Try again in 15 minutes.";

const send = (token: string, ip: string, method: "POST", url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
const apply = (token: string, ip: string, code: string) => send(token, ip, "POST", `/coupons/${code}/apply-coupon`);
const buy = (token: string, ip: string, couponCode?: string) =>
  send(token, ip, "POST", `/payment/purchase-video/${movie}`, couponCode ? { couponCode } : {});

beforeAll(async () => {
  t = await createTestContext();
  performer = (await newAccount(t, "performer", "coupons")).token;
  movie = await saleMovie(t, performer, 7);
});
afterAll(() => t.close());

describe("coupon tries", () => {
  it("answers 429 to an account past its tries, from the apply route and a checkout's couponCode alike", async () => {
    const { token } = await newAccount(t, "user", "guesser");
    const ip = "198.51.100.7";
    for (let i = 0; i < COUPON_TRIES.perAccount - 1; i++) {
      expect((await apply(token, ip, `GUESS${i}`)).statusCode).toBe(404);
    }
    // The checkout's coupon counts too: this is the account's last try.
    expect((await buy(token, ip, "GUESSATCHECKOUT")).statusCode).toBe(404);
    const refused = await apply(token, ip, "GUESSMORE");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: MESSAGE });
    const atCheckout = await buy(token, ip, "GUESSMORE");
    expect(atCheckout.statusCode).toBe(429);
    expect(atCheckout.json().message).toBe(MESSAGE);
    // From another address the account is still refused; a checkout without a coupon still goes through.
    expect((await apply(token, "198.51.100.8", "GUESSELSEWHERE")).statusCode).toBe(429);
    expect((await buy(token, ip)).statusCode).toBe(200);
  });

  it("answers 429 to an address past its tries, whichever accounts it uses", async () => {
    const ip = "198.51.100.9";
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(COUPON_TRIES.perAddress / COUPON_TRIES.perAccount) + 1 }, () =>
        newAccount(t, "user", "spread"),
      ),
    );
    let tried = 0;
    for (const { token } of accounts) {
      for (let i = 0; i < COUPON_TRIES.perAccount && tried < COUPON_TRIES.perAddress; i++, tried++) {
        expect((await apply(token, ip, `SPREAD${tried}`)).statusCode).toBe(404);
      }
    }
    const fresh = accounts.at(-1)?.token as string;
    const refused = await apply(fresh, ip, "SPREADMORE");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGE);
    // The same fresh account from its own address is not.
    expect((await apply(fresh, "198.51.100.10", "SPREADMORE")).statusCode).toBe(404);
  });
});
