import './messages.ts';

export { adminAuthRoutes } from './admin-auth.routes.ts';
export { commonRoutes } from './common.routes.ts';
export { testHookRoutes } from './test-hooks.routes.ts';
export { CaptchaService } from './captcha.service.ts';
export { SessionService, type IssuedSession, type SessionMeta } from './session.service.ts';
export { OutboxSender, VerificationService, type MessageSender } from './verification.service.ts';
export { clientMeta } from './client-meta.ts';
export { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_PER_IP, type ClientMeta } from './admin-auth.service.ts';
