// The sessions module's face: login sessions: starting, reading and ending one.
// Code outside the module imports only this file (requirements#module-faces).
export {
  createSession,
  findSessionUser,
  hashSessionToken,
  noteLanguage,
  revokeSession,
  SESSION_COOKIE,
} from './sessions.ts';
