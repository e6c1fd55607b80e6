import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/use-translation";
import { type Notice, type NoticeInput, makeNotice } from "~/utils/notice";

type NoticeApi = { notify: (notice: NoticeInput) => void };
const NoticeContext = createContext<NoticeApi>({ notify: () => {} });
export const useNotices = () => useContext(NoticeContext);

/**
 * Notices of spec §3/§9: default 2000 ms, 0 never closes by itself, hover pauses the timer,
 * closeable. Server notices arrive in the HTML and can be dismissed without JavaScript
 * (a checkbox hides them); with JavaScript they close on their own as well.
 */
export function NoticeProvider({ initial, children }: { initial: Notice[]; children: ReactNode }) {
  const [list, setList] = useState<Notice[]>(initial);
  const seen = useRef(new Set(initial.map((n) => n.id)));

  useEffect(() => {
    const fresh = initial.filter((n) => !seen.current.has(n.id));
    fresh.forEach((n) => seen.current.add(n.id));
    if (fresh.length) setList((current) => [...current, ...fresh]);
  }, [initial]);

  const notify = useCallback((input: NoticeInput) => {
    const notice = makeNotice(input);
    seen.current.add(notice.id);
    setList((current) => [...current, notice]);
  }, []);
  const remove = useCallback((id: string) => setList((current) => current.filter((n) => n.id !== id)), []);
  const api = useMemo(() => ({ notify }), [notify]);

  return (
    <NoticeContext.Provider value={api}>
      {children}
      <div className="ui-notices" role="status" aria-live="polite" data-testid="notices">
        {list.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onClose={() => remove(notice.id)} />
        ))}
      </div>
    </NoticeContext.Provider>
  );
}

function NoticeItem({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const remaining = useRef(notice.duration);
  const started = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const start = useCallback(() => {
    if (notice.duration === 0) return;
    started.current = Date.now();
    timer.current = setTimeout(onClose, remaining.current);
  }, [notice.duration, onClose]);
  const pause = useCallback(() => {
    if (notice.duration === 0 || !timer.current) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - started.current));
  }, [notice.duration]);

  useEffect(() => {
    start();
    return () => clearTimeout(timer.current);
  }, [start]);

  const dismissId = `notice-${notice.id}`;
  return (
    <>
      <input type="checkbox" id={dismissId} className="ui-notice-dismiss" aria-hidden="true" tabIndex={-1} />
      <div className="ui-notice" data-color={notice.color} data-light={notice.isLight} onMouseEnter={pause} onMouseLeave={start} role="alert">
        <div className="ui-notice-body">{notice.content}</div>
        {notice.closeable && (
          // Without JavaScript the label ticks the hidden checkbox and CSS hides the notice; with
          // it, the same label (focusable, Enter or Space) closes it through onClose.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
          <label
            htmlFor={dismissId}
            className="ui-notice-close"
            title={t("common.close")}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") onClose();
            }}
          >
            <span aria-hidden="true">×</span>
            <span className="ui-visually-hidden">{t("common.close")}</span>
          </label>
        )}
      </div>
    </>
  );
}
