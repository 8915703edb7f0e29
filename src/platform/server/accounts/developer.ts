/**
 * Who edits in `npm run dev`'s content editor (devEditor.ts): the developer on their own machine,
 * without an account. Its drafts are kept in the checkout's database beside the accounts' (the
 * drafts of an account that is no more go: src/content/server/migrations/index.ts, which writes this address out; the developer's stay).
 */
export const DEVELOPER = 'developer@localhost';
