/** Notification colours and defaults (spec §3, §5, §9), without a schema library so every page stays light. */
export const noticeColors = ["primary", "link", "info", "success", "warning", "danger"] as const;
export type NoticeColor = (typeof noticeColors)[number];
export type Notice = { id: string; content: string; color: NoticeColor; duration: number; closeable: boolean; isLight: boolean };
export type NoticeInput = Partial<Omit<Notice, "content">> & { content: string };

export const NOTICE_DEFAULT_DURATION_MS = 2000;

/** Fills the defaults and refuses what the spec forbids: an unknown colour or a negative duration. */
export function makeNotice(input: NoticeInput): Notice {
  const color = input.color ?? "info";
  if (!noticeColors.includes(color)) throw new Error(`notice colour must be one of ${noticeColors.join(", ")}`);
  const duration = input.duration ?? NOTICE_DEFAULT_DURATION_MS;
  if (!(duration >= 0)) throw new Error("notice duration must be >= 0");
  if (!input.content) throw new Error("notice content is empty");
  return {
    id: input.id ?? Math.random().toString(36).slice(2, 10),
    content: input.content,
    color,
    duration,
    closeable: input.closeable ?? true,
    isLight: input.isLight ?? false,
  };
}
