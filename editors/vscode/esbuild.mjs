// Bundles the extension into dist/: extension.js (Node, for VS Code's
// extension host, with vscode-languageclient inlined) and picture-view.js
// (the caller-tree webview's script, with mermaid inlined, so the webview
// loads nothing from the network). `npm run bundle`; vsce runs it with
// --minify through vscode:prepublish before packing the .vsix.
import * as esbuild from 'esbuild';

const minify = process.argv.includes('--minify');
const common = { bundle: true, minify, sourcemap: false, logLevel: 'warning', legalComments: 'none' };

await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: ['extension.js'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['vscode'], // provided by the extension host
  }),
  esbuild.build({
    ...common,
    entryPoints: ['webview/picture-view.js'],
    outfile: 'dist/picture-view.js',
    platform: 'browser',
    format: 'iife', // one file: mermaid's lazily loaded diagrams are inlined
    target: 'chrome114',
  }),
]);
