/** What the content-edits step (scripts/routine-edits.ts) tells src/test/contentSeam.test.ts of each edit it made (CONTENT_EDITS). */
export interface SeenEdit {
  name: string;
  /** The page (id) the edit shows on, when it shows on one. */
  page?: string;
  /** Texts that must now be in the content (and on the page). */
  shows: string[];
  /** Texts that must now be nowhere in it. */
  hides: string[];
}
