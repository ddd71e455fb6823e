import { createContext, use } from 'react';
import type { AdminSession } from '@pod/shared';

/** The signed-in admin's session, provided by the admin gate to every admin page. */
export const AdminSessionContext = createContext<AdminSession | null>(null);

/** The admin session; only valid below the admin gate. */
export function useAdminSession(): AdminSession {
  const session = use(AdminSessionContext);
  if (!session) throw new Error('useAdminSession() is only available below the admin gate');
  return session;
}
