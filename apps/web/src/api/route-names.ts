import { PATHS, type PathName } from '../app/paths.ts';

// Names a server may send in a 302's data.routeName, as the original front end named its routes.
const ALIASES: Record<string, PathName> = {
  adminLogin: 'login',
  userLogin: 'userLogin',
  userCenter: 'user',
  admin: 'admin',
  user: 'user',
};

/** The path of a route name sent with a 302 (spec §7), or null for a name the app does not know. */
export function pathOfRouteName(name: string): string | null {
  if (Object.hasOwn(PATHS, name)) return PATHS[name as PathName];
  const alias = ALIASES[name];
  return alias ? PATHS[alias] : null;
}
