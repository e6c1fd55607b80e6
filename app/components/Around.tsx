import type { ReactNode } from "react";
import type { TFunction } from "~/i18n";

const SLOT = "\u0000";

/**
 * A translated sentence with markup in its `{{param}}` slot: data shown as entered (marked with
 * its own language by `enteredLang`) inside an English or Chinese sentence.
 * @example <Around t={t} k="search.title" param="keyword"><span {...enteredLang(q)}>{q}</span></Around>
 */
export function Around({ t, k, param, children }: { t: TFunction; k: string; param: string; children: ReactNode }) {
  const [before, after = ""] = t(k, { [param]: SLOT }).split(SLOT);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
