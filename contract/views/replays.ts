/** A replay as lists show it (GET /replays, and a conference's own in the editor). */
export type ReplaySummary = {
  id: number;
  titleZh: string;
  titleEn: string;
  cover: string | null;
  durationSeconds: number;
  recordedAt: string;
  conferenceId: number | null;
  /** Null unless the conference is published. */
  conferenceNameZh: string | null;
  conferenceNameEn: string | null;
};
