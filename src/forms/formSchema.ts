/** The description of one file in config/forms. (The forms issue grows this into fields and checks.) */
import { object, text, type Infer } from '../config/schema';

export const formSchema = object({
  /** The database collection the submissions go to, spelled exactly as the agency's data has it. */
  collection: text(),
});
export type FormConfig = Infer<typeof formSchema>;
