/**
 * Text someone entered (a conference's name, a room, a person, a company) is shown as they
 * wrote it. When it holds Chinese, the element that shows it says so with `lang="zh-CN"`:
 * a screen reader on an English page then reads it as Chinese, and the journeys' layout check
 * (tests/e2e/layout.ts) knows the Chinese on an English page is data, not an untranslated label.
 *
 *   <span {...enteredLang(room.name)}>{room.name}</span>
 */
const CJK = /[\u2e80-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;

/** Whether a text holds Chinese (or full-width punctuation). */
export const hasChinese = (text: string | null | undefined) => Boolean(text && CJK.test(text));

/** `{ lang: "zh-CN" }` for a text that holds Chinese, `{}` otherwise: spread it on the element that shows the text. */
export const enteredLang = (text: string | null | undefined): { lang?: "zh-CN" } => (hasChinese(text) ? { lang: "zh-CN" } : {});

/**
 * A value entered in both languages in one field, Chinese first ("一号厅 Hall 1", "一号厅 / Hall 1"):
 * the English page shows its English part, the Chinese page the whole value as entered. A value
 * that is not split that way is shown as entered in both languages.
 */
export function enteredTwin(lang: "zh" | "en", text: string): string {
  if (lang !== "en") return text;
  const match = /^([^A-Za-z]*[\u3400-\u9fff][^A-Za-z]*?)\s*[/|\uff5c]?\s*([A-Za-z][^\u3000-\u303f\u3400-\u9fff\uff00-\uffef]*)$/.exec(text.trim());
  return match ? match[2].trim() : text;
}
