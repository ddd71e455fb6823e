/** The editor's font stylesheets (side-effect imports) are bundled by esbuild for the page. */
declare module '*.css';
