/**
 * How the build bundles the server (src/render/build.ts): one ES module for Node, its packages
 * left in node_modules. Tests that start one of the checkout's programs again and again bundle it
 * alike (src/test/bundle.ts), so that what they run is built as the server is.
 */
export const SERVER_BUNDLE = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' } as const;
