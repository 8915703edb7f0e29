/** A list drawn without bullets or indents (an `sx`, or spread into one). Its own module: the layout (in the app's start-up file) and sections both use it. */
export const plainList = { listStyle: 'none', m: 0, p: 0 } as const;
