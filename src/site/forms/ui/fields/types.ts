import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FieldConfig, FormConfig } from '../../model/formSchema';
import type { FieldValue } from '../../model/conditions';

/** What every field renderer receives from FormRenderer. */
export interface FieldProps {
  field: FieldConfig;
  form: FormConfig;
  /** Unique per form on the page: inputs get `${idPrefix}-${field.name}`. */
  idPrefix: string;
  registration: UseFormRegisterReturn;
  /** The message of the failing check for this field, if any. */
  error?: string;
  /** File fields: report the uploaded file's URL (or '') and the pending upload. */
  setFileUrl: (url: string) => void;
  trackUpload: (upload: Promise<unknown>) => void;
  /** Changes after every reset, so fields with their own state can start over. */
  resetCount: number;
  /** The field's answer now, and how to change it (checkboxes and consent, whose inputs are drawn from it). */
  value: FieldValue | undefined;
  setFieldValue: (value: FieldValue) => void;
  /** The form sits on a dark band (the footer newsletter box). */
  onDark: boolean;
}
