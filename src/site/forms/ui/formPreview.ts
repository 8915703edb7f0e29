/**
 * The content editor's preview draws the site's pages with a data port that stores and sends
 * nothing: the form island takes it from here when given. Pages themselves never provide it.
 */
import { createContext } from 'react';
import type { DataPort } from '../../data/port';

export interface FormPreview {
  port: DataPort;
}

export const FormPreviewContext = createContext<FormPreview | null>(null);
