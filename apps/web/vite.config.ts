import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The platform server; in production it serves dist/ itself on the same origin. */
const SERVER_URL = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
