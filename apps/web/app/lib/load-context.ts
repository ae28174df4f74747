import "react-router";

declare module "react-router" {
  /** What server.mjs hands every loader: the visitor's socket address and this response's CSP nonce. */
  interface AppLoadContext {
    clientAddress?: string;
    forwardedFor?: string;
    nonce?: string;
  }
}
