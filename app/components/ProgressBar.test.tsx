import { describe, expect, it } from "vitest";
import { progressLook } from "./ProgressBar";

describe("progressLook", () => {
  it("shows the bar, to the eye and to assistive technology, only while a navigation is under way", () => {
    expect(progressLook(0)).toEqual({ opacity: 0, hidden: true });
    expect(progressLook(10)).toEqual({ opacity: 1, hidden: false });
    expect(progressLook(90)).toEqual({ opacity: 1, hidden: false });
    // Finished: it fades out at full width, and is no longer a progress bar anyone is told of.
    expect(progressLook(100)).toEqual({ opacity: 0, hidden: true });
  });
});
