import type { AuditState } from "../states";

/** An institution as its platform administrator sees it (GET /admin/institutions, platform/routes/institutions-admin.ts). */
export type AdminInstitution = {
  id: number;
  nameZh: string;
  nameEn: string;
  cityZh: string;
  cityEn: string;
  logo: string | null;
  /** Listed for visitors (/orgList) only when certified. */
  certified: boolean;
  /** The certification application it came from, when one was approved into it. */
  organization: { id: number; name: string; state: AuditState } | null;
  /** Conferences that name it, published or not, and of those the published ones. */
  conferences: number;
  published: number;
};

/** GET /admin/institutions: a page of them. */
export type AdminInstitutionPage = { list: AdminInstitution[]; total: number };
