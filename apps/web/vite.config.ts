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
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 4,
            },
            { name: 'antd-deps', test: /node_modules[\\/](@ant-design|@rc-component)[\\/]/, priority: 3 },
            { name: 'antd', test: /node_modules[\\/](antd|dayjs)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
