/** What every conference shape the platform answers with carries (cards, pages, the editor). */
export type ConferenceCore = {
  id: number;
  nameZh: string;
  nameEn: string;
  /** YYYY-MM-DD calendar days. */
  startDate: string;
  endDate: string;
  cityZh: string;
  cityEn: string;
  hostZh: string;
  hostEn: string;
};

/** A whole conference record's descriptive fields (the conference page, the editor). */
export type ConferenceDetails = ConferenceCore & {
  shortName: string;
  addressZh: string;
  addressEn: string;
  summaryZh: string;
  summaryEn: string;
  cover: string | null;
  isPublish: boolean;
};
