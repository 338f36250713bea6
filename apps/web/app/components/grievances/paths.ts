// requirements#grievances: where the grievance pages live, for the footer, My Orders and the pages.
export const GRIEVANCE_PAGE_PATH = '/grievance';
export const MY_GRIEVANCES_PATH = '/mygrievances';
/** The footer's words for the grievance page. */
export const GRIEVANCE_LINK_TEXT = 'Grievance Redressal';
export const ticketPath = (ticketNo: string) => `${MY_GRIEVANCES_PATH}/${ticketNo}`;
/** The complaint form with one of the shopper's orders chosen. */
export const complaintPathFor = (orderNo: string) =>
  `${GRIEVANCE_PAGE_PATH}?order=${encodeURIComponent(orderNo)}`;
