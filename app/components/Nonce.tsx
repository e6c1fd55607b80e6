import { createContext, useContext } from "react";

/** The nonce of this document's inline scripts (the Content-Security-Policy's); none in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
