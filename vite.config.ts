import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const manifestPath = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));

/**
 * The manifest lives at the top level (DESIGN section 1) but must be served at exactly
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
    // The service worker (sw/, injectManifest). Registered by hand in src/client/pwa/register.ts;
    // the manifest is the top-level one above, not generated here.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,txt}'] },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': devProxy,
      '/uploads': devProxy,
      '/socket.io': { ...devProxy, ws: true },
    },
  },
});
