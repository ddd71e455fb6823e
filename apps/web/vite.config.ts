import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Text files worth compressing; images, fonts and wasm come compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every
 * compressible file of the build, once, at build time; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`, docs/decisions/0075). A copy that is not smaller
 * is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'pod-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const path of walk(outDir)) {
        if (!COMPRESSIBLE.test(path) || path.endsWith('.map')) continue;
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        const br = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gz = gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}

/** The platform server; in production it serves dist/ itself on the same origin. */
const SERVER_URL = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': SERVER_URL,
      '/admin/ajax': SERVER_URL,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than app code; separate chunks stay cached across deploys.
        // A group also captures its dependencies, so the groups of shared dependencies rank first.
        // The groups hold only what every page needs, or only the console's libraries: a catch-all
        // group would put zod and antd's helpers into the storefront's JS (docs/decisions/0022).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 4,
            },
            { name: 'antd-deps', test: /node_modules[\\/](@ant-design|@rc-component)[\\/]/, priority: 3 },
            // antd's reset.css is global (main.tsx); only antd's JS belongs to the console's chunk.
            { name: 'antd', test: /node_modules[\\/](antd|dayjs)[\\/].*\.[cm]?js$/, priority: 2 },
            // The contracts' validator, for the console's forms and replies; the storefront has none.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            {
              name: 'vendor',
              test: /node_modules[\\/](i18next|react-i18next|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
