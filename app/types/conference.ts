export type { ConferenceCore, ConferenceDetails } from "#contract/views/conference";
