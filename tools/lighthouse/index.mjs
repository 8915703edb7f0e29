// What scripts/lighthouse.mjs uses, resolved from this folder's own node_modules.
export { default as lighthouse } from 'lighthouse';
export * as chromeLauncher from 'chrome-launcher';
