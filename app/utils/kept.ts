/**
 * A kept upload's reference (decision 017) as the page shows it: the platform signs it, the
 * page only reads the file's name and key out of it to show "attached: <name>" and to fill the
 * field; the server checks the signature when the form comes back.
 */
export type KeptFile = { ref: string; key: string; name: string; href: string };

export function keptFile(ref: unknown): KeptFile | null {
  if (typeof ref !== "string" || !/^[\w-]+\.[\w-]+$/.test(ref)) return null;
  try {
    const base64 = ref.split(".")[0].replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const payload = JSON.parse(new TextDecoder().decode(bytes)) as { k?: unknown; n?: unknown };
    if (typeof payload.k !== "string" || typeof payload.n !== "string") return null;
    return { ref, key: payload.k, name: payload.n, href: `/files/kept/${ref}` };
  } catch {
    return null;
  }
}

/** The kept reference a refused form sent back for `name` (`answers.q1` → `initialValue.answers.q1Kept`). */
export function keptRefIn(values: unknown, name: string): string | undefined {
  let node: unknown = values;
  const parts = `${name}Kept`.split(".");
  for (const part of parts) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}
