import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'screenshots/', 'test-results/', 'playwright-report/', 'coverage/', 'data/', '.tmp-*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Unused names in TypeScript are the type checker's to report (tsconfig.json noUnusedLocals,
      // noUnusedParameters: a name starting with _ is let be), at no cost of its own; ESLint's
      // rule, which took two fifths of the lint's time, reads the plain scripts (.js, .mjs) only.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A function a reader can hold in their head: a longer one (a screen, a route group, a file
    // writer) is split into named parts, state hooks and steps. Tests' describe blocks may run long.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Components must be safe to render on a server: no window/document while rendering.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ExportNamedDeclaration > FunctionDeclaration > BlockStatement > VariableDeclaration MemberExpression[object.name=/^(window|document|localStorage|navigator)$/]',
          message: 'Reading window/document/localStorage/navigator while rendering breaks server rendering: do it in an effect or an event handler.',
        },
      ],
    },
  },
  ...roomWalls(),
);

/**
 * The walls of src/ (docs/code-layout.md "Walls"): folders by feature, and inside each the
 * runtime its code runs in. What runs in Node (the schema language, the models, the servers,
 * the render, the deploy files) never imports React, MUI or a browser folder. The pages are
 * drawn with MUI at build time only (the page rooms); what runs in the visitor's browser (the
 * islands, the forms, the data port) never imports MUI, the router or a page room; no public room
 * imports the inbox (admin.html's app). src/schema imports nothing above it; config/ is read
 * through its registries only (config/site.ts, routes.ts, server.ts, admin.ts, moved.ts,
 * forms/index.ts: never a page, an article or one form's file). Only tests import src/test.
 * src/lint.test.ts proves each wall holds; src/layers.test.ts proves the layers (src/layers.ts).
 */
function roomWalls() {
  const here = import.meta.dirname;
  /** What runs in Node: the server, the render, the deploy generators, and what they share with the browser. */
  const nodeRooms = ['schema/**', 'platform/*.ts', 'platform/server/**', '*/model/**', 'site/forms/model/**', '*/server/**', 'render/**', 'deploy/**'];
  /** A section type's config shape lives beside its renderer: the checker reads it in Node. */
  const sectionSchemas = ['site/sections/schemas.ts', 'site/sections/*/schema.ts'];
  /** Drawn with React and MUI when the site is built (and by the dev server): never sent to the browser. */
  const pageRooms = ['site/app/**', 'site/layout/**', 'site/pages/**', 'site/sections/**', 'site/ui/**', 'site/entry-server.tsx', 'site/theme.ts'];
  /** What the visitor's browser runs: the islands and what they use. */
  const islandRooms = ['site/islands/**', 'site/forms/ui/**', 'site/forms/submit/**', 'site/data/**', 'site/main.tsx'];
  /** The agency's inbox (admin.html): a browser app of its own, with MUI, that no public page loads. */
  const inboxRooms = ['*/inbox/**', 'content/editor/**'];
  const browserRooms = [...pageRooms, ...islandRooms, ...inboxRooms];
  /** The servers' own parts: the HTTP app and what it holds (the render and the deploy generators never import them). */
  const serverRooms = ['platform/server/**', '*/server/**'];
  // import-x takes a zone's paths all as globs or none: a single file is written as one (@(name)).
  const src = (globs) => globs.map((glob) => `./src/${/[*!@(]/.test(glob) ? glob : glob.replace(/([^/]+)$/, '@($1)')}`);
  // (A zone's exceptions are globs of whole paths when its `from` is a glob: schemas.ts as @(schemas.ts).)
  const schemaFiles = sectionSchemas.map((glob) => `${here}/src/${glob.replace(/\/([^/*]+)$/, '/@($1)')}`);
  const zone = (target, from, message, except) => ({ target: src(target), from: src(from), message, ...(except ? { except } : {}) });
  const browserPackages = ['react', 'react-dom', 'react-router', 'react-router-dom', 'notistack', 'react-hook-form', 'firebase'];
  const walls = [
    zone(
      nodeRooms,
      browserRooms,
      "This folder runs in Node (a model, a server, the render, the deploy files): it must not import a browser folder (a page room, an island room or the inbox's screens). Move what both need to a model.",
      schemaFiles,
    ),
    zone(sectionSchemas, browserRooms, 'A section schema is read by the config checker in Node: it must not import browser code.', schemaFiles),
    zone(
      ['deploy/**', 'render/**'],
      ['apps/**', 'platform/server/**', 'leads/server/**', 'site/server/**', 'newsletter/server/**'],
      'The render and the deploy generators must not import the server: what both need belongs in a model.',
    ),
    zone(
      [...serverRooms, 'apps/server/**'],
      ['render/**'],
      'The server must not import the render: it reads what the render wrote (the site manifest, src/site/model/siteManifest.ts).',
    ),
    zone(
      [...islandRooms],
      pageRooms,
      "This folder runs in the visitor's browser: it must not import a page room (src/site/app, layout, pages, sections, ui), which is drawn only when the site is built (with MUI).",
      schemaFiles,
    ),
    zone(
      [...pageRooms, ...islandRooms],
      inboxRooms,
      "This folder is part of the public site: it must not import the agency's inbox (its screens, admin.html's app), which public pages never load.",
    ),
    zone(
      ['site/ui/**'],
      ['site/layout/**', 'site/sections/**'],
      'src/site/ui holds small pieces the layout and sections use: it must not import the layout or a section.',
      schemaFiles,
    ),
  ];
  // The bottom and the top of the layers (src/layers.ts): the code holds to them, a test may cross them.
  const layerWalls = [
    zone(['schema/**'], ['!(schema)/**'], 'src/schema is the schema language beneath every feature: it imports nothing above it.'),
    {
      target: src(['schema/**']),
      from: ['./config/**'],
      message: 'src/schema is the schema language beneath every feature: it imports nothing above it, config/ neither.',
    },
    zone(['!(apps)/**'], ['apps/**'], 'src/apps puts the programs together (the server, the inbox app): nothing below imports it.'),
    zone(['deploy/**'], ['render/**'], 'The deploy generators must not import the render: what both need belongs in a model.'),
  ];
  const testsOnly = { target: './src', from: './src/test', message: 'Fixtures and fakes (src/test) are for tests only.' };
  const registriesOnly = {
    target: './src',
    from: ['./config/pages/**', './config/articles/**', './config/forms/!(index).ts'],
    message:
      'config/ is read through its registries only: config/forms/index.ts for the forms (src/site/forms/model/registry.ts), the content loader for pages and articles (src/site/model/siteContent.ts).',
  };
  // The content editor's preview draws the layout and the sections with the draft site config (tests read the built one).
  const draftable = ['layout', 'sections'].map((room) => ({
    target: `./src/site/${room}`,
    from: './config/site.ts',
    message: `src/site/${room} reads config/site.ts with useSite() (src/site/ui/siteConfig.ts), so the content editor's preview can draw the draft: do not import it.`,
  }));
  // The visitors' build holds only a part of these two (src/render/vitePlugins.ts contentOutOfTheCode), typed by the module that reads it.
  const builtParts = {
    target: src(islandRooms),
    from: ['./config/site.ts', './config/server.ts'],
    message:
      "This folder runs in the visitor's browser, whose build holds only a part of config/site.ts and config/server.ts: read it from src/site/model/builtSettings.ts or builtServerSettings.ts.",
  };
  const importWalls = (zones) => ({
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  });
  return [
    { files: ['src/**/*.{ts,tsx}'], ...importWalls([...walls, ...layerWalls, testsOnly, registriesOnly, ...draftable, builtParts]) },
    {
      files: islandRooms.map((room) => (room.endsWith('.tsx') ? `src/${room}` : `src/${room}/*.{ts,tsx}`)),
      ignores: ['src/**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@mui/*', 'react-router', 'react-router-dom', 'react-router/*', 'react-router-dom/*'],
                message:
                  "This room runs in the visitor's browser: no MUI or router here (they would ship to every page). Style with @emotion/styled and src/site/islands/tokens.ts.",
              },
            ],
            paths: [
              {
                name: 'react',
                importNames: ['useId'],
                message:
                  "An island must not use useId: its ids would differ from the page the server drew. Take them from the island's `instance` (or an idPrefix prop).",
              },
            ],
          },
        ],
      },
    },
    // Tests may use the fixtures and read any file of config/; the other walls hold for them too.
    { files: ['src/**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}'], ...importWalls(walls) },
    {
      files: [...nodeRooms.map((room) => `src/${room.replace(/\*\*$/, '**/*.ts')}`), ...sectionSchemas.map((glob) => `src/${glob}`)],
      ignores: ['src/**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [...browserPackages.flatMap((name) => [name, `${name}/*`]), '@mui/*', '@emotion/*', '@hookform/*'],
                message: 'This room runs in Node (a model, a server, the render, the deploy files): no React, MUI, emotion or browser libraries here.',
              },
            ],
          },
        ],
      },
    },
  ];
}
