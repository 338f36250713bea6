// The console pulse module's face: the overview's figures of each role's queues
// (requirements#operator-console). Code outside the module imports only this file
// (requirements#module-faces).
export { consolePulse } from './pulse.ts';
export { consolePulseRoutes } from './routes.ts';
