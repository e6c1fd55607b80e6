import { Fragment, type ReactNode } from "react";
import { enteredLang, hasChinese } from "~/utils/entered";
import { punctuation } from "~/utils/punctuation";

/** Stands for the entered text inside a translation, until `WithEntered` puts it back marked. */
export const ENTERED = "\u0001";

/**
 * A translated sentence that embeds text someone entered (a person's or a company's name): the
 * sentence from `t(key, { name: ENTERED })`, with the entered text put back in a span marked by
 * its language (`enteredLang`). An attribute such as aria-label cannot mark part of itself, so a
 * control's accessible name that embeds a name is this, visually hidden, inside the control.
 */
export function WithEntered({ text, entered }: { text: string; entered: string }) {
  const parts = text.split(ENTERED);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <span {...enteredLang(entered)}>{entered}</span>}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * What a control shows (`shown`, hidden from screen readers) and what it is called for them (the
 * sentence with the entered name, visually hidden): "Check in" shown, "Check in 梁志强" read.
 */
export function NamedControl({ shown, name, entered }: { shown: ReactNode; name: string; entered: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="ui-visually-hidden">
        <WithEntered text={name} entered={entered} />
      </span>
    </>
  );
}

/** Text someone entered, as they wrote it, marked by its language (`enteredLang`). */
export function Entered({ text }: { text: string | null | undefined }) {
  return <span {...enteredLang(text)}>{text}</span>;
}

/**
 * Text someone entered, in an element of its own only where its language differs from the page's:
 * Chinese on a page that is not Chinese gets `<span lang="zh-CN">`; on the Chinese page (whose
 * `<html lang>` says it already), and for text without Chinese, it is written as text. Where a
 * list writes one a row, that is an element less a row on the Chinese page. `shown`: what to write
 * for it (the text with a keyword's matches marked), the text itself by default.
 * Not where the span carries layout or is referred to by id: there, `enteredLang` on the element.
 */
export function enteredText(pageLang: string, text: string | null | undefined, shown: ReactNode = text): ReactNode {
  return !pageLang.startsWith("zh") && hasChinese(text) ? <span lang="zh-CN">{shown}</span> : shown;
}

/** Entered texts in a row, with the list separator of the page's language (utils/punctuation.ts). */
export function EnteredList({ texts, lang }: { texts: ReactNode[]; lang: string }) {
  const separator = punctuation(lang.startsWith("zh") ? "zh" : "en").list;
  return (
    <>
      {texts.map((text, i) => (
        <Fragment key={i}>
          {i > 0 && separator}
          {text}
        </Fragment>
      ))}
    </>
  );
}
