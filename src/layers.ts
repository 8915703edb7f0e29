/**
 * The layers of the code, bottom to top: a file imports from its own layer and the layers below
 * it, never from one above. Inside a layer the features use each other's parts (a form's model
 * by the leads' server, the site's sections by the editor's preview), never in a circle of files.
 * src/layers.test.ts reads every import with TypeScript's own module resolution and holds the code
 * to this table; docs/code-layout.md shows it, and its diagram is compared with the imports.
 *
 * A folder pattern names a folder (or one file) of the project, `*` standing for one folder's
 * name; a file is in the layer of the most specific pattern that holds it. Tests (`*.test.*`,
 * src/test, e2e/, scripts/) stand above every layer: they may import anything, in no circle.
 */
export interface Layer {
  name: string;
  /** The folders (or files) of this layer. */
  folders: readonly string[];
  /** What the layer is, in a few words (docs/code-layout.md). */
  about: string;
}

export const LAYERS: readonly Layer[] = [
  { name: 'schema', folders: ['src/schema'], about: 'the schema language, its refusals, common kinds, what an address and a link may be' },
  { name: 'config', folders: ['config'], about: "the site as data (it names its descriptions' types, below, and nothing else)" },
  {
    name: 'platform',
    folders: ['src/platform/*.ts'],
    about:
      "what every feature shares, in any runtime: the API's and the inbox's addresses, security headers, the server's settings, \"Received\", roles, the checks of a value",
  },
  {
    name: 'models',
    folders: ['src/*/model', 'src/site/forms/model', 'src/site/sections/schemas.ts', 'src/site/sections/*/schema.ts', 'src/platform/inboxRoutes.ts'],
    about:
      "each feature's data and rules, in any runtime: config/'s descriptions, forms, leads, the content and its checker; the inbox's route table, which gathers the features'",
  },
  {
    name: 'platform/server',
    folders: ['src/platform/server'],
    about: "the HTTP server's parts, the database and its migrations, mail, timers, files, accounts and sessions",
  },
  {
    name: 'servers',
    folders: ['src/*/server', 'src/render', 'src/deploy'],
    about: "each feature's Node side, the render (drawing pages) and the deploy files",
  },
  { name: 'platform/inbox', folders: ['src/platform/inbox'], about: "the inbox app's kit: its calls to the server, the session, notices, formats" },
  {
    name: 'screens',
    folders: ['src/site', 'src/*/inbox', 'src/content/editor'],
    about: "what people see: the site's pages and islands, the inbox's and the editor's screens",
  },
  {
    name: 'apps',
    folders: ['src/apps', 'src/apps/server', 'src/apps/inbox'],
    about: 'the programs put together: the server (buildApp, start) and the inbox app (admin.html)',
  },
];

/**
 * The top folders, bottom to top: a file of one imports nothing from a folder above it (type-only
 * imports count too), but for the few named exceptions below. The site stands on the platform,
 * the hosts' files on the site, the content editor on both, the leads' inbox on the content (its
 * route table gathers the editor's), the newsletter on the leads (their mail, their people), the
 * build on everything it draws, and the programs on all. Runtime (LAYERS, above) is a second wall,
 * across them.
 */
export const TOP_FOLDERS = [
  'src/schema',
  'config',
  'src/platform',
  'src/site',
  'src/deploy',
  'src/content',
  'src/leads',
  'src/newsletter',
  'src/render',
  'src/apps',
] as const;

/** An import that runs up the top folders on purpose: from a folder (or file) to one, each with its reason in docs/code-layout.md. */
export interface UpwardImport {
  from: string;
  to: string;
  /** Only imports of types are let through. */
  typesOnly?: true;
  /** Why, in a few words (docs/code-layout.md says it at length). */
  reason: string;
}

export const UPWARD_IMPORTS: readonly UpwardImport[] = [
  { from: 'config', to: 'src', typesOnly: true, reason: "config/ names its descriptions' types (`satisfies PageConfig`), nothing else" },
  { from: 'src/platform/inboxRoutes.ts', to: 'src/*/model', reason: "the inbox's one route table gathers each feature's routes" },
  {
    from: 'src/content/model/adminSchema.ts',
    to: 'src/*/model',
    reason: "the description of config/admin.ts names each feature's lists its words are keyed by",
  },
];

/** The rank of a file's top folder in TOP_FOLDERS, or undefined for a test or a file of none. */
export function topFolderOf(file: string): number | undefined {
  if (isTestFile(file)) return undefined;
  const rank = TOP_FOLDERS.findIndex((folder) => file.startsWith(`${folder}/`));
  return rank < 0 ? undefined : rank;
}

/** Whether an import from one file to another is one of UPWARD_IMPORTS. */
export function upwardImportOf(i: { from: string; to: string; typeOnly: boolean }): UpwardImport | undefined {
  return UPWARD_IMPORTS.find((u) => matcher(u.from).test(i.from) && matcher(u.to).test(i.to) && (!u.typesOnly || i.typeOnly));
}

const matcher = (folder: string) => new RegExp(`^${folder.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}(/|$)`);

const patterns = LAYERS.flatMap((layer, rank) =>
  layer.folders.map((folder) => ({
    rank,
    // The more parts a pattern names, the more specific it is; a named part beats a `*`.
    weight: folder.split('/').length * 2 - (folder.match(/\*/g)?.length ?? 0),
    matches: matcher(folder),
  })),
);

/** Whether a file is a test (or a test's helper): above every layer. */
export function isTestFile(file: string): boolean {
  return /\.test\.[cm]?[jt]sx?$/.test(file) || /^(src\/test|e2e|scripts)\//.test(file) || !file.includes('/');
}

/** The rank (index in LAYERS) of a project file, or undefined for a test or a file no layer holds. */
export function layerOf(file: string): number | undefined {
  if (isTestFile(file)) return undefined;
  let best: { rank: number; weight: number } | undefined;
  for (const p of patterns) if (p.matches.test(file) && (!best || p.weight > best.weight)) best = p;
  return best?.rank;
}
