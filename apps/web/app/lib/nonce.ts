import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered (server only; browsers hide it after load). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
