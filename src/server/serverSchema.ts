/** The description of config/server.ts: the embedded backend's limits and its answers to bad requests. */
import { number, object, text, type Infer } from '../config/schema';

export const serverSchema = object({
  limits: object({
    /** Largest form submission accepted, in bytes. */
    documentBytes: number({ min: 1024, integer: true }),
  }),
  messages: object({
    unknownCollection: text(),
    notJson: text(),
    tooLarge: text(),
    wrongMethod: text(),
    unknownUploadFolder: text(),
    fileExists: text(),
    fileNotFound: text(),
    serverError: text(),
  }),
});
export type ServerConfig = Infer<typeof serverSchema>;
