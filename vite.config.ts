import { readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SIGNED_IN_FILES } from './src/shared/paths';
import { inlineScript, prerenderSignIn } from './scripts/prerender/plugin';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const manifestPath = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));

/**
 * The manifest lives at the top level but must be served at exactly
 * /manifest.webmanifest, unhashed, so installed copies keep finding it.
 */
function webManifest(): Plugin {
  return {
    name: 'haven-web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(manifestPath));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(manifestPath) });
    },
  };
}

/** A chunk and every chunk it imports, short of the entry (which the page loads anyway). */
function withImports(bundle: Rolldown.OutputBundle, fileName: string): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || files.has(name)) return;
    files.add(name);
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return files;
}

const THEME_INIT_TAG = '<script src="/src/client/theme-init.js"></script>';
const themeInitPath = fileURLToPath(new URL('./src/client/theme-init.js', import.meta.url));

/**
 * The saved theme is applied before the first paint by a tiny classic script. As a file it was one
 * more request every first paint waited for (render-blocking, about 0.15 s of Lighthouse's first
 * paint on slow 4G), so it is written into the page instead; the server allows it by its hash
 * (src/server/http/inline-scripts.ts).
 */
function inlineThemeInit(): Plugin {
  return {
    name: 'haven-inline-theme-init',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(THEME_INIT_TAG)) throw new Error(`index.html no longer holds ${THEME_INIT_TAG}`);
        return html.replace(THEME_INIT_TAG, () => inlineScript(themeInitPath));
      },
    },
  };
}

/**
 * The sign-in screen is where most first visits land, but its route chunk is a dynamic import the
 * browser finds only after the entry has run: one more round trip before anything is painted on
 * a slow phone. Preloading it (and what it imports) from index.html lets both arrive together.
 */
function preloadSignInRoute(): Plugin {
  return {
    name: 'haven-preload-sign-in-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.moduleIds.some((id) => /routes\/login\.tsx\?tsr-split/.test(id)));
        if (!login) return [];
        return [...withImports(bundle, login.fileName)].filter((file) => !html.includes(`/${file}"`)).map((file): HtmlTagDescriptor => ({
          tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * The file every signed-in screen needs first (the sync engine and the dashboard: the `signedin`
 * group below) is asked for only once the start-up script has run. The server names it in a
 * `Link: rel=modulepreload` header on the app shell when the browser says someone is signed in, so
 * it downloads beside the start-up script; this writes down which files those are.
 */
function listSignedInFiles(): Plugin {
  return {
    name: 'haven-list-signed-in-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const signedIn = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'signedin');
      const files = signedIn ? withImports(bundle, signedIn.fileName) : new Set<string>();
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_FILES, source: JSON.stringify([...files].map((f) => `/${f}`)) });
    },
  };
}

const backend = 'http://127.0.0.1:3000';

/**
 * `npm run dev`: Vite (5173) forwards these paths to the server (3000) with the browser's own Host
 * header (`changeOrigin: false`; Vite's string shorthand would set it to true). The server then
 * sees what a same-origin reverse proxy gives it: Origin http://localhost:5173 and Host
 * localhost:5173 agree, so its Origin check (src/server/http/origin.ts) passes without
 * TRUSTED_ORIGINS, while a foreign Origin is still refused. Vite's own Host check
 * (server.allowedHosts) keeps DNS-rebinding pages out. Dev server only; production is one origin.
 */
const devProxy = { target: backend, changeOrigin: false } as const;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    webManifest(),
    inlineThemeInit(),
    prerenderSignIn(),
    preloadSignInRoute(),
    listSignedInFiles(),
    // The service worker (sw/, injectManifest). Registered by hand in src/client/pwa/register.ts;
    // the manifest is the top-level one above, not generated here.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // The 512 px icons are for installing (the browser fetches them itself, online): keeping
      // them out of the precache saves a first visit about 20 KB.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,txt}'],
        globIgnores: ['icon-512.png', 'icon-maskable-512.png'],
      },
    }),
    // Brotli and gzip copies made once at build time, at their best levels: the server sends them
    // as they are (@fastify/static preCompressed) instead of compressing every answer again.
    compression({
      include: /\.(js|css|html|svg|webmanifest|txt|json)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one file rather than a dozen small ones: over
        // HTTP/1.1 a phone fetches six at a time, and each further wave costs a round trip.
        // Lazy screens still split as before.
        // The sign-in screen's own modules (and what they import) make a second file. The sync
        // engine and the dashboard (with all they import) make a third: every signed-in first visit
        // needs them, and as some thirty small files they came in five waves over a slow phone.
        // socket.io's client is a fourth, fetched when the engine connects (net/connection.ts).
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            { name: 'signin', test: /routes[\\/]login\.tsx|features[\\/]auth[\\/]LoginPage\.tsx/, includeDependenciesRecursively: true, priority: 2 },
            { name: 'signedin', test: /sync[\\/]engine\.ts|routes[\\/]dashboard\.tsx|features[\\/]dashboard[\\/]/, includeDependenciesRecursively: true, priority: 1 },
            { name: 'socket', test: /net[\\/]socket\.ts|node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': devProxy,
      '/uploads': devProxy,
      '/socket.io': { ...devProxy, ws: true },
    },
  },
});
