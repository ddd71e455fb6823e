import './messages.ts';

export { adminAuthRoutes } from './admin-auth.routes.ts';
export { commonRoutes } from './common.routes.ts';
export { testHookRoutes } from './test-hooks.routes.ts';
export { sessionMayAct } from './session-check.ts';
export { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_PER_IP } from './admin-auth.service.ts';
export { authModule } from './module.ts';
