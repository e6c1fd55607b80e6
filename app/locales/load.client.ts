import type { Lang, Messages } from "~/i18n";

/** A language's messages, as their own cacheable chunk: the browser downloads only the page's language. */
export async function loadMessages(lang: Lang): Promise<Messages> {
  return lang === "en" ? (await import("./en/common.json")).default : (await import("./zh/common.json")).default;
}
