/** The public sections of en.json (see public-zh-cn.ts). */
export { app, errors, home, http, language, request, route, storefront } from './en.json';
