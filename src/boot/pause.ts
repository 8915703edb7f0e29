/**
 * A pause in the browser's start-up (see src/main.tsx): the modules imported after this one
 * run in a later task, once the browser has had the chance to handle input and paint.
 */
await new Promise((resolve) => setTimeout(resolve, 0));
export {};
