/**
 * The site's own server: its limits and what it answers to requests that no page of the
 * site sends (scripts, bots, broken clients). Visitors using the forms never see these.
 */
import type { ServerConfig } from '../src/server/serverSchema';

export default {
  limits: {
    documentBytes: 65536,
    // A person sends a form or two and maybe re-chooses a CV a few times.
    perClient: { requests: 20, perSeconds: 600 },
    // Everyone together: far above a small agency's busiest hour, far below a bot flood.
    everyone: { requests: 120, perSeconds: 60 },
  },
  spamTrap: {
    name: 'website',
    label: 'Leave this field empty',
  },
  headers: {
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    hstsMaxAgeSeconds: 31536000,
  },
  messages: {
    unknownCollection: 'There is no such form.',
    notJson: 'Please send the form as JSON.',
    tooLarge: 'This submission is too large.',
    wrongMethod: 'This address does not accept that kind of request.',
    unknownUploadFolder: 'Files cannot be uploaded there.',
    fileExists: 'A file with this name was already uploaded.',
    fileNotFound: 'There is no such file.',
    tooManyRequests: 'Too many submissions from here just now. Please wait a few minutes and try again.',
    badSubmissionKey: 'The submission key must be 8 to 64 letters, digits, dashes or underscores.',
    serverError: 'Something went wrong on our side. Please try again.',
  },
} satisfies ServerConfig;
