/** A free port for a test's own server (the one helper the scripts and browser tests use too). */
export { freePort } from '../../scripts/lib/builtServer.mjs';
