/** vite's plugins of this project (vite.config.ts). */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { CSP_NONCE_PLACEHOLDER } from '../platform/cspNonce.ts';
import { replaceOnce } from '../schema/text.ts';
import type { PageRenderer } from '../site/model/pageRender';
import type * as CheckFiles from '../content/server/configFolder';
import type * as SiteContentFile from '../site/model/siteContent';

type CheckFilesModule = typeof CheckFiles;
type SiteContentModule = typeof SiteContentFile;
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

/**
 * Chrome (136 and later) compiles every function of a script that starts with this comment on
 * a background thread while it downloads, instead of on the main thread when each function is
 * first called. For the scripts a page runs while it starts (the app, its sections), that took
 * a large part of the start-up work off the main thread (each task after the first went under
 * 12 ms on the development machine). The forms' and toasts' scripts keep the default: they load
 * when needed, and much of them may never run.
 */
export function compileHints({ atLoadChunks, atLoadModules }: { atLoadChunks: readonly string[]; atLoadModules: readonly string[] }): Plugin {
  const modules = new Set(atLoadModules.map((file) => path.resolve(file)));
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // Once the files are written: vite adds its own line to the top of the entry chunk after
    // every other hook has run, and the comment must be the first line.
    writeBundle(options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const atLoad = chunk.isEntry || atLoadChunks.includes(chunk.name) || (chunk.facadeModuleId !== null && modules.has(path.resolve(chunk.facadeModuleId)));
        if (!atLoad) continue;
        const file = path.join(options.dir ?? '', chunk.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}

/**
 * The dev server checks config/ again whenever a file there changes, as `npm run check` does
 * (in a process of its own: the check must read the files anew), and shows its sentences in
 * the terminal and over the page.
 */
export function configCheck({ root }: { root: string }): Plugin {
  const configDir = path.join(root, 'config');
  return {
    name: 'config-check',
    apply: 'serve',
    configureServer(server) {
      let running: ReturnType<typeof spawn> | undefined;
      const check = () => {
        running?.kill();
        let output = '';
        let errors = '';
        const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/check-config.ts')], { cwd: root });
        running = child;
        child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
        child.stderr.on('data', (chunk: Buffer) => (errors += String(chunk)));
        child.on('exit', (code) => {
          if (running !== child) return;
          running = undefined;
          if (code === 0) return server.config.logger.info(output.trim(), { timestamp: true });
          // The check's sentences (a slip in a file among them: src/content/server/slips.ts), or the one line it says of itself.
          const said = output.trim() || errors.trim();
          server.config.logger.error(said, { timestamp: true });
          server.ws.send({ type: 'error', err: { message: said, stack: '', plugin: 'config-check' } });
        });
      };
      server.watcher.on('change', (file) => {
        if (file.startsWith(configDir + path.sep)) check();
      });
    },
  };
}

/**
 * An HTML answer of the dev server (devPages, devInbox): to each GET whose address `wants`
 * takes, `answer` gives the page, from its `template` (an HTML file of the project's root
 * through vite's transformIndexHtml). No Content-Security-Policy in development: the nonce
 * placeholders are left empty.
 */
function devHtml({
  name,
  root,
  file,
  wants,
  answer,
}: {
  name: string;
  root: string;
  /** The HTML file the answer starts from: index.html, admin.html. */
  file: string;
  wants: (pathname: string) => boolean;
  answer: (page: { server: ViteDevServer; pathname: string; template: () => Promise<string> }) => Promise<{ status?: number; html: string }>;
}): Plugin {
  return {
    name,
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const url = request.originalUrl ?? '/';
        const pathname = url.split('?')[0] ?? '/';
        if (request.method !== 'GET' || !wants(pathname)) return next();
        try {
          const template = () => server.transformIndexHtml(url, readFileSync(path.join(root, file), 'utf8'));
          const { status, html } = await answer({ server, pathname, template });
          if (status !== undefined) response.statusCode = status;
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(html.replaceAll(CSP_NONCE_PLACEHOLDER, ''));
        } catch (error) {
          // A slip in a config file the page is drawn from: the checker's sentence, not esbuild's error and its stack.
          const { report, slipsIn } = await import('../content/server/slips.ts');
          const slips = await slipsIn(path.join(root, 'config'));
          if (slips.length > 0) {
            response.statusCode = 500;
            response.setHeader('Content-Type', 'text/plain; charset=utf-8');
            return response.end(report(slips));
          }
          if (error instanceof Error) server.ssrFixStacktrace(error);
          next(error);
        }
      });
    },
  };
}

/**
 * The dev server draws each page as the build does (src/site/entry-server.tsx, loaded through vite so
 * an edit shows on the next load) and the browser then hydrates its islands from the source.
 * vite.config.ts sets appType 'custom': vite serves no index.html of its own.
 */
export const devPages = ({ root }: { root: string }): Plugin =>
  devHtml({
    name: 'dev-pages',
    root,
    file: 'index.html',
    wants: (pathname) => !pathname.startsWith('/api/') && !pathname.startsWith('/@') && !isInboxAddress(pathname) && !/\.[a-z0-9]+$/i.test(pathname),
    async answer({ server, pathname, template }) {
      const { renderPage } = (await server.ssrLoadModule('/src/site/entry-server.tsx')) as PageRenderer;
      // The content as the files are now (an edit shows on the next load), read as the checker reads it.
      const { loadConfigFolder } = (await server.ssrLoadModule('/src/content/server/configFolder.ts')) as CheckFilesModule;
      const { siteContentOf } = (await server.ssrLoadModule('/src/site/model/siteContent.ts')) as SiteContentModule;
      const { options, problems } = await loadConfigFolder({ configDir: path.join(root, 'config'), publicDir: path.join(root, 'public') });
      if (problems.length > 0) throw new Error(problems.join('\n'));
      const page = await renderPage(pathname, siteContentOf(options));
      // By slicing, as the build does (pageDocument.ts): the page's texts are never replacement patterns.
      const headed = replaceOnce(await template(), '</head>', `${page.head}\n  </head>`);
      const bodyFrom = headed.indexOf('</head>') + '</head>'.length;
      const html = headed.slice(0, bodyFrom) + replaceOnce(headed.slice(bodyFrom), '<div id="root"></div>', `<div id="root">${page.body}</div>`);
      return { status: page.status, html };
    },
  });

/** The inbox's addresses (/admin and under it): admin.html answers them, as on our server. */
const isInboxAddress = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/**
 * In development the inbox (and in it the content editor, whose API devEditor answers) is
 * admin.html at /admin and every address under it, as our server answers it.
 */
export const devInbox = ({ root }: { root: string }): Plugin =>
  devHtml({ name: 'dev-inbox', root, file: 'admin.html', wants: isInboxAddress, answer: async ({ template }) => ({ html: await template() }) });

/**
 * The config files the visitors' code holds a part of, built in: each is only that part in the
 * visitors' build (its settings as JSON), imported by one module of that code, which gives it the
 * part's type (a module importing the file itself would be typed with every key of it and get
 * only some).
 */
const BUILT_PARTS = [
  // Colours and constants (the islands' and the themes' styles and timings).
  {
    file: 'site.ts',
    importer: 'src/site/model/builtSettings.ts',
    partOf: async (config: unknown) => {
      const { settingsOf } = await import('../site/model/siteSettings.ts');
      return settingsOf(config as Parameters<typeof settingsOf>[0]);
    },
  },
  // What the browser's half of the forms reads: none of the inbox's, the newsletter's or the mails' sentences.
  {
    file: 'server.ts',
    importer: 'src/site/model/builtServerSettings.ts',
    partOf: async (config: unknown) => {
      const { serverSettingsOf } = await import('../site/model/serverSettings.ts');
      return serverSettingsOf(config as Parameters<typeof serverSettingsOf>[0]);
    },
  },
] as const;

/**
 * The visitors' code is built without the content: of config/site.ts it gets only the settings
 * built into the code (src/site/model/siteSettings.ts: colours and constants), of config/server.ts
 * only what the forms' browser code reads (src/site/model/serverSettings.ts), and it may not import
 * the pages, routes or forms at all (the render draws those into the pages and the forms' files).
 * So a publish changes no script, and no page loads text it does not show. The server renderer
 * (ssr) and the inbox's build are not concerned.
 */
export function contentOutOfTheCode({ root }: { root: string }): Plugin {
  const configDir = path.join(root, 'config');
  const parts = BUILT_PARTS.map((part) => ({ ...part, path: path.join(configDir, part.file), id: `\0built-part:${part.file}` }));
  const content = ['pages', 'routes.ts', 'moved.ts', 'forms'].map((part) => path.join(configDir, part));
  return {
    name: 'content-out-of-the-code',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || this.environment.name !== 'client' || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id.split('?')[0];
      if (!id) return null;
      const part = parts.find((p) => p.path === id);
      if (part) {
        if (importer.split('?')[0] !== path.join(root, part.importer))
          this.error(
            `${path.relative(root, importer)} imports ${path.relative(root, id)}: the visitors' code reads only the part of it built in, from ${part.importer}.`,
          );
        return part.id;
      }
      if (content.some((part) => id === part || id.startsWith(part + path.sep) || id === `${part}.ts`)) {
        this.error(
          `${path.relative(root, importer)} imports ${path.relative(root, id)}: the visitors' code is built without the content (the render draws it into the pages: src/render/render.ts).`,
        );
      }
      return null;
    },
    async load(id) {
      const part = parts.find((p) => p.id === id);
      if (!part) return null;
      const { configModules } = await import('../content/server/configModules.ts');
      const config: unknown = (await configModules(configDir).load(part.path)).default;
      return `export default ${JSON.stringify(await part.partOf(config))};`;
    },
  };
}

/**
 * The content editor's preview draws the site's layout in the browser: inlineSrc, which reads
 * public/ with node:fs when pages are drawn on the server, is replaced by its browser twin in
 * the browser's code (never in the server renderer's).
 */
export function browserInlineSrc({ root }: { root: string }): Plugin {
  const browser = path.join(root, 'src/site/ui/inlineSrc.browser.ts');
  return {
    name: 'inline-src-in-browser',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr) return null;
      if (importer && /\/ui\/inlineSrc$/.test(source) && path.resolve(path.dirname(importer), source) === path.join(root, 'src/site/ui/inlineSrc'))
        return browser;
      return null;
    },
  };
}

/**
 * `npm run dev` answers the content editor's API over this checkout's files (src/apps/server/devEditor.ts),
 * loaded through vite on the first /api request so this config does not bundle the server's code.
 */
export function devEditor({ root }: { root: string }): Plugin {
  // What the plugin uses of that module (the build does not import the server's code).
  interface DevEditorModule {
    handlesUrl(url: string): boolean;
    devContentApp(root: string): Promise<{ routing(request: IncomingMessage, response: ServerResponse): void }>;
  }
  let app: ReturnType<DevEditorModule['devContentApp']> | undefined;
  return {
    name: 'content-editor',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith('/api/')) return next();
        const url = request.url;
        void (server.ssrLoadModule('/src/apps/server/devEditor.ts') as Promise<DevEditorModule>)
          .then(async (editor) => {
            if (!editor.handlesUrl(url)) return next();
            app ??= editor.devContentApp(root);
            (await app).routing(request, response);
          })
          .catch(next);
      });
    },
  };
}
