/** requirements#cod-limit: the largest order total that may be paid cash on delivery, ₹15,000 unless staff change it. */
export const COD_MAX_TOTAL_PAISE = 1_500_000;

/**
 * requirements#cod-eligibility: COD is offered only if no chosen delivery option of the order forbids it, the total
 * is at most ₹15,000 and COD reaches the delivery pincode.
 */
export function isCodAllowed(args: {
  totalPaise: number;
  chosenOptions: readonly { hasCod: boolean }[];
  /** the delivery pincode's own COD flag */
  pincodeHasCod: boolean;
  /** requirements#operator-delivery: the limit staff set, if they changed it */
  limitPaise?: number;
}): boolean {
  return (
    args.pincodeHasCod &&
    args.totalPaise <= (args.limitPaise ?? COD_MAX_TOTAL_PAISE) &&
    args.chosenOptions.every((option) => option.hasCod)
  );
}
