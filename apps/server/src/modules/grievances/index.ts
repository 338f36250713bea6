// The grievances module's face: shoppers' complaints, the console's side of them and the grievance
// officer (requirements#grievances). Code outside the module imports only this file (requirements#module-faces).
export { grievanceRoutes } from './routes.ts';
export { grievanceConsoleRoutes } from './console-routes.ts';
export { getGrievanceOfficer } from './officer.ts';
