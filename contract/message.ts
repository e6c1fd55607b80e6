/**
 * How the platform speaks (decision 035): a message is a translation key with parameters; the
 * words live in the app (app/locales) and the app translates them in one place (`callPlatform`).
 * A parameter may itself be a message ("请在 {{time}} 后重试" with `time` = "45 秒").
 */
export type Lang = "zh" | "en";
export type MessageParams = { [name: string]: string | number | Message };
export type Message = { key: string; params?: MessageParams };

/** Words for a message in a language; what plugs the platform in may hand one over (`PlatformDeps.words`). */
export type Words = (lang: Lang, message: Message) => string;

/**
 * A failure as the platform answers it (spec §8 envelope, keys beside the words):
 * - `message` is readable words for callers that show it as it is (the words the platform was
 *   plugged in with, else the key); `messageKey` and `params` are what it says, to translate;
 * - `messages`/`messageKeys`, in the same order, when there are several;
 * - `data.fields`: one message per rejected field (dotted paths), keys like every other message.
 */
export type FailureEnvelope = {
  code: number;
  message: string;
  messageKey: string;
  params?: MessageParams;
  messages?: string[];
  messageKeys?: string[];
  data?: { fields?: FieldMessages; [more: string]: unknown } | unknown;
  retryAfter?: number;
  statusCode: number;
};

/** Per-field messages of a rejected body. */
export type FieldMessages = Record<string, Message>;

/** A wait as a message: seconds under a minute, minutes (rounded up) under two hours, else hours. */
export function waitMessage(seconds: number): Message {
  const [unit, count] = seconds < 60 ? ["second", seconds] : seconds <= 7200 ? ["minute", Math.ceil(seconds / 60)] : ["hour", Math.ceil(seconds / 3600)];
  return { key: `errors.wait.${unit}${count === 1 ? "" : "s"}`, params: { count } };
}

/** A message or a field's message as it travels: an object with a key (anything else is not one). */
export function isMessage(value: unknown): value is Message {
  return !!value && typeof value === "object" && typeof (value as { key?: unknown }).key === "string";
}

/**
 * Words from one catalogue (nested JSON, `{{name}}` placeholders): unknown keys come back as
 * themselves, message parameters are put in words first.
 */
export function catalogueWords(catalogues: Record<Lang, unknown>): Words {
  const words: Words = (lang, { key, params }) => {
    let node: unknown = catalogues[lang];
    for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node !== "string") return key;
    if (!params) return node;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = params[name];
      return value === undefined ? "" : isMessage(value) ? words(lang, value) : String(value);
    });
  };
  return words;
}
