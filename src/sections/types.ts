import type { PictureLoading } from '../ui/Picture';
import type { SectionOf, SectionType } from './schemas';

/** What every section renderer receives. */
export interface SectionProps<T extends SectionType> {
  section: SectionOf<T>;
  /** How many visible sections of the same type come before this one on the page. */
  position: number;
  /** Where the section stands on the page (0 = first). */
  index: number;
  /** How its pictures load (SectionList: the page's main picture, those likely on screen at once, the others). */
  pictures: PictureLoading;
}
