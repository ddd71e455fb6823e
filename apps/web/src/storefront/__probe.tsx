import { app, route } from '../i18n/locales/zh-cn.json';
console.log(app.loading, route.home);
