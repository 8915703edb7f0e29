/**
 * The site's own server: its limits and what it answers to requests that no page of the
 * site sends (scripts, bots, broken clients). Visitors using the forms never see these.
 */
import type { ServerConfig } from '../src/server/serverSchema';

export default {
  limits: {
    documentBytes: 65536,
  },
  messages: {
    unknownCollection: 'There is no such form.',
    notJson: 'Please send the form as JSON.',
    tooLarge: 'This submission is too large.',
    wrongMethod: 'This address does not accept that kind of request.',
    unknownUploadFolder: 'Files cannot be uploaded there.',
    fileExists: 'A file with this name was already uploaded.',
    fileNotFound: 'There is no such file.',
    serverError: 'Something went wrong on our side. Please try again.',
  },
} satisfies ServerConfig;
