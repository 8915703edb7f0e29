/**
 * What the content editor's preview says in place of a part it cannot show (the editor gives the
 * texts, from config/admin.ts). Pages never provide it: visitors get the real part.
 *
 * The map: the inbox's page allows no frames from other sites (its policy's frame-src), so a
 * map in the preview would stay blank; the preview shows a box of the map's height with a link
 * that opens the map's address in a new tab instead.
 */
import { createContext, useContext } from 'react';

export interface PreviewNotes {
  /** In place of the map. */
  mapNotShown: string;
  /** The link to the map's address. */
  openMap: string;
}

export const PreviewNotesContext = createContext<PreviewNotes | null>(null);

/** The preview's notes, or null on a page. */
export function usePreviewNotes(): PreviewNotes | null {
  return useContext(PreviewNotesContext);
}
