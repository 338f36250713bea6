/** requirements#cod-limit: the largest order total that may be paid cash on delivery, ₹15,000. */
export const COD_MAX_TOTAL_PAISE = 1_500_000;

/**
 * requirements#cod-eligibility: COD is offered only if no chosen delivery option of the order forbids it and the total
 * is at most ₹15,000.
 */
export function isCodAllowed(args: {
  totalPaise: number;
  chosenOptions: readonly { hasCod: boolean }[];
}): boolean {
  return args.totalPaise <= COD_MAX_TOTAL_PAISE && args.chosenOptions.every((option) => option.hasCod);
}
