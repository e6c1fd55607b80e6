import { useEffect, useState } from "react";

type Connection = { saveData?: boolean; effectiveType?: string };

/** Prefetch is skipped on 2g or data-saver connections (spec §9). */
export function prefetchAllowed(connection: Connection | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

/**
 * The `prefetch` mode for links: "intent" once the browser says the connection allows it,
 * "none" on the server and on slow or metered connections.
 */
export function usePrefetch(): "intent" | "none" {
  const [mode, setMode] = useState<"intent" | "none">("none");
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: Connection }).connection;
    setMode(prefetchAllowed(connection) ? "intent" : "none");
  }, []);
  return mode;
}
