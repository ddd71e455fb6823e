/**
 * The public sections of zh-cn.json, by name: a bundler keeps only these keys of the file in the
 * code every page loads (JSON named imports are tree-shaken).
 */
export { app, errors, home, http, language, request, route, storefront } from './zh-cn.json';
