import { PERCENTAGE_OFFERS, dealsLoader } from './deals-page.tsx';

// /percentageoffer: the deals page with percentage offers
export const loader = dealsLoader(PERCENTAGE_OFFERS);
export { default } from './deals-page.tsx';
