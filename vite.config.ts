import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompressPlugin } from './scripts/lib/precompress.ts';
import { stripMachineDescriptionsPlugin } from './scripts/lib/strip-machine-descriptions.ts';
import { homeJsBudgetPlugin } from './scripts/lib/home-js-budget.ts';

/** The chunk groups set up below keep their names in file names (see chunkFileNames). */
const NAMED_CHUNKS = new Set(['framework', 'ui', 'zod', 'admin']);
/** Files index.html loads on every page, so no lazy chunk has to preload them. */
const ALWAYS_LOADED = /^assets\/(index|framework|ui)-[\w-]+\.(js|css)$/;

// The router plugin must run before React's so that route files are split and
// the route tree (src/routeTree.gen.ts) is regenerated on every build.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component (one request per route):
      // left in the route tree, every loader's API module and contract schemas
      // would load with the entry, whatever page is opened.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    stripMachineDescriptionsPlugin(),
    // The service worker (src/service-worker/sw.ts, issue 51): the manifest stays public/manifest.webmanifest,
    // and the page registers the worker itself after it has loaded (src/features/shell/app-updates.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The shell every page needs offline; later screens' files are kept by the worker once fetched.
        globPatterns: ['index.html', 'assets/{index,framework,ui}-*.{js,css}', 'assets/*.css', 'assets/inter-latin-*.woff2', 'icons/icon-192.png', 'logo.svg'],
      },
    }),
    precompressPlugin(),
    homeJsBudgetPlugin(),
  ],
  resolve: {
    alias: [
      // zod's jitless switch must run before any schema is built, and zod is
      // not loaded for `/` at all (issue 8): every import of 'zod' goes through
      // src/zod-config.ts, which configures zod on its way through.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) },
    ],
  },
  build: {
    // The polyfill only makes browsers without <link rel="modulepreload">
    // (Safari before 17, Firefox before 115) fetch index.html's preloads
    // early; they load the same modules through the imports anyway. It cost
    // 0.2 KB of the 150 KB budget for / (issue 8), paid by every browser.
    modulePreload: {
      polyfill: false,
      // index.html preloads what every page runs. A lazy chunk's own imports are not listed at its import
      // site: the entry would carry every later page's file list (about 100 names, 1.8 KB gzipped of the
      // 150 KB budget for `/`, issue 47) for a head start the router already gives by preloading a
      // route on intent (hover, focus, touch). Stylesheets stay listed, since only that list loads them.
      resolveDependencies: (_filename, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css') && !ALWAYS_LOADED.test(dep)),
    },
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // src/ui's modules only define components (styled-components calls the
        // bundler cannot prove pure), so its barrel would otherwise put every
        // component, dialogs and tables included, in the code for `/`.
        // Fonts are the one import kept for its effect.
        moduleSideEffects: [{ test: /src[\\/]ui[\\/](?!fonts\.ts$)/, sideEffects: false }],
      },
      output: {
        // Chunks are named by their hash alone (7 characters, the fewest rolldown allows for this many chunks), except the few groups below:
        // the code for `/` lists every chunk a later page may load, and a name
        // beside each hash cost about 0.4 KB of the 150 KB budget (issue 8)
        // for names no visitor reads.
        chunkFileNames: (chunk) => (NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash:7].js'),
        codeSplitting: {
          // One cacheable chunk for zod and its switch, loaded only by the
          // routes and forms that use a schema.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod-config\.ts$/, priority: 2 },
            // The libraries the first load of any page runs on (React, router,
            // query, xstate, styled-components) in one file rather than a
            // dozen fragments; libraries only later screens use stay with them.
            { name: 'framework', test: /node_modules[\\/](?!zod[\\/]|@fontsource)/, tags: ['$initial'], priority: 1 },
            // A member's realtime connection and messaging's cache in one file: the shell loads it for
            // every member at sign-in (socket, unread count), and each file of its own would add a
            // name to the code for `/`.
            {
              name: 'messaging',
              test: /src[\\/](realtime[\\/]|api[\\/]messaging\.ts$)|contract[\\/](realtime|messaging)\.ts$|node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl|debug|ms)[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // Likewise the design-system components the app shell uses.
            { name: 'ui', test: /src[\\/]ui[\\/]/, tags: ['$initial'] },
            // The few atoms nearly every page, `/` included, draws with but the shell does not: one file
            // instead of three saves `/` about 0.35 KB gzipped of per-file overhead (issue 47).
            { name: 'uiAtoms', test: /src[\\/]ui[\\/](Heading|Text|IconButton)\.tsx$/ },
            // The admin area in one file: operators move between its screens,
            // and each chunk of its own would add a file name to the code for
            // `/`, which every visitor loads (issue 8's budget).
            { name: 'admin', test: /src[\\/]features[\\/]admin[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  // ws: the realtime channel (socket.io under /api/realtime/) upgrades to a WebSocket through the same proxy.
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:5002', ws: true } } },
});
