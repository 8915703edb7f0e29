/**
 * The content editor's preview draws the site's pages with forms as they are being edited and a
 * data port that stores and sends nothing: the form island takes both from here when given.
 * Pages themselves never provide it.
 */
import { createContext } from 'react';
import type { DataPort } from '../../data/port';
import type { FormConfig } from '../model/formSchema';

export interface FormPreview {
  port: DataPort;
  forms: Readonly<Record<string, FormConfig>>;
}

export const FormPreviewContext = createContext<FormPreview | null>(null);
