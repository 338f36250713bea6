// The ads module's face: sponsored products, campaigns and deals (what runs, and the impressions
// and clicks they are paid by).
// Code outside the module imports only this file (requirements#module-faces).
export { campaignIsRunning, recordImpressions, spentOnDay } from './campaigns.ts';
export { dealsPage } from './deals.ts';
export { adRoutes } from './routes.ts';
export { sponsoredForKeyword } from './sponsored.ts';
