/** The platform's shapes the attendee services' screens read (platform/routes/services*.ts). */
import type { ConferenceSummary } from "~/components/ConferenceCard";

export type ReviewState = "pending" | "approved" | "rejected" | "cancelled";

export type ServiceConference = { id: number; nameZh: string; nameEn: string; startDate: string; endDate: string; currency?: string };

export type BookableRoom = {
  id: number;
  hotelId: number;
  hotelNameZh: string;
  hotelNameEn: string;
  hotelAddressZh: string;
  hotelAddressEn: string;
  typeZh: string;
  typeEn: string;
  priceFen: number;
  window: { from: string; to: string };
  nights: Array<{ night: string; free: number }>;
  fewestFree: number;
  gone: boolean;
};

type RoomNames = { roomTypeZh: string; roomTypeEn: string; hotelNameZh: string; hotelNameEn: string; roomPriceFen: number };

export type HotelBooking = RoomNames & {
  id: number;
  conferenceId: number;
  roomId: number;
  checkIn: string;
  checkOut: string;
  rooms: number;
  sharing: "single" | "share" | "any";
  priceFen: number;
  state: ReviewState;
  remark: string | null;
};

export type SponsorRoomRequest = RoomNames & {
  id: number;
  conferenceId: number;
  sponsorId: number | null;
  roomId: number;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: Array<{ name: string; mobile?: string }>;
  state: ReviewState;
  remark: string | null;
};

export type TravelLeg = { mode: string; number: string; time: string; place: string } | null;
export type Travel = { id: number; conferenceId: number; arrival: TravelLeg; departure: TravelLeg };

export type UploadInfo = { name: string; contentType: string; size: number } | null;
type Branch = { id: number; nameZh: string; nameEn: string } | null;

export type Paper = {
  id: number;
  conferenceId: number;
  branchId: number | null;
  branch: Branch;
  title: string;
  authors: Array<{ name: string; affiliation: string }>;
  abstract: string;
  keywords: string;
  uploadKey: string;
  file: UploadInfo;
  state: ReviewState;
  remark: string | null;
};

export type ConferenceFile = {
  id: number;
  conferenceId: number;
  branchId: number | null;
  branch: Branch;
  name: string;
  uploadKey: string;
  file: UploadInfo;
  state: ReviewState;
  remark: string | null;
};

export type AgendaSession = {
  id: number;
  conferenceId: number;
  branchId: number | null;
  startsAt: string;
  endsAt: string;
  titleZh: string;
  titleEn: string;
  speakers: Array<{ name: string; affiliation?: string }>;
  room: string;
  branchNameZh: string | null;
  branchNameEn: string | null;
  conferenceNameZh: string;
  conferenceNameEn: string;
  cityZh: string;
  cityEn: string;
  addressZh: string;
  addressEn: string;
  subscribed?: boolean;
};

export type Application = {
  id: number;
  conferenceId: number;
  kind: "sponsor" | "exhibitor";
  company: string;
  contact: string;
  phone: string;
  email: string;
  level: string;
  booth: string;
  logo: string | null;
  logoFile: UploadInfo;
  materials: string[];
  materialFiles: Array<{ key: string; name: string }>;
  state: ReviewState;
  remarks: Array<{ at: string; text: string }>;
  conference: ConferenceSummary | null;
};
