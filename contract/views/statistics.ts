import type { PaymentMethod } from "../states";

/** GET /statistics/{conferenceId}: the statistics screen's figures (platform/services/statistics.ts). */
export type ConferenceStatistics = {
  conference: { id: number; nameZh: string; nameEn: string; currency: string } | null;
  generatedAt: string;
  registrations: {
    total: number;
    confirmed: number;
    pending: number;
    cancelled: number;
    rejected: number;
    /** Every day from the first registration to the last (China days), zeros between. */
    perDay: Array<{ day: string; count: number }>;
    byIdentity: Array<{ identity: { nameZh: string; nameEn: string } | null; count: number }>;
    topInstitutions: Array<{ institution: string; count: number }>;
  };
  payments: {
    currency: string;
    paidCount: number;
    paidFen: number;
    byMethod: Array<{ method: PaymentMethod; count: number; amountFen: number }>;
    pendingAudit: number;
  };
  checkins: {
    checkedIn: number;
    confirmed: number;
    today: number;
    bucketMinutes: number;
    /** China clock labels (`HH:MM`). */
    buckets: Array<{ label: string; count: number }>;
  };
  hotels: Array<{ hotelId: number; nameZh: string; nameEn: string; inventoryNights: number; bookedNights: number; pendingNights: number }>;
};
