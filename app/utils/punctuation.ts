import { useTranslation } from "~/use-translation";

/**
 * The punctuation code puts between words, per language: Chinese text takes full-width marks,
 * English text never does (tests/e2e/layout.ts flags them on an English page). The one place
 * code writes full-width punctuation; app/locales/english.test.ts keeps it so.
 *
 *   const p = usePunctuation();
 *   `${t("account.mobile")}${p.colon}${mobile}`; names.join(p.list); `${name}${p.aside(affiliation)}`
 */
export type Punctuation = {
  /** After a label: "：" or ": ". */
  colon: string;
  /** Between the items of a list: "、" or ", ". */
  list: string;
  /** Between names that may hold commas themselves (organisations): "、" or "; ". */
  nameList: string;
  /** Between longer items: "；" or "; ". */
  semicolon: string;
  /** Closes a question: "？" or "?". */
  question: string;
  /** A name or a note set apart in brackets after a word: "（…）" or " (…)"; nothing for an empty text. */
  aside: (text: string | null | undefined) => string;
  /** The brackets of `aside`, for markup between them: ["（", "）"] or [" (", ")"]. */
  brackets: readonly [string, string];
  /** A sender name as SMS shows it: "【…】" in Chinese, "[…]" in English. */
  signName: (text: string) => string;
};

const zh: Punctuation = {
  colon: "：",
  list: "、",
  nameList: "、",
  semicolon: "；",
  question: "？",
  aside: (text) => (text ? `（${text}）` : ""),
  brackets: ["（", "）"],
  signName: (text) => `【${text}】`,
};

const en: Punctuation = {
  colon: ": ",
  list: ", ",
  nameList: "; ",
  semicolon: "; ",
  question: "?",
  aside: (text) => (text ? ` (${text})` : ""),
  brackets: [" (", ")"],
  signName: (text) => `[${text}]`,
};

export const punctuation = (lang: string | null | undefined): Punctuation => (lang === "en" ? en : zh);

/** The punctuation of the page's language. */
export function usePunctuation(): Punctuation {
  const { i18n } = useTranslation();
  return punctuation(i18n.language);
}
