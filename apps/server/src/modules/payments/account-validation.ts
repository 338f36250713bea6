/** The bank account a penny-drop checks, and who holds it (RazorpayX wants a contact). */
export type AccountToValidate = {
  accountName: string;
  accountNumber: string;
  ifsc: string;
  /** our reference for the check, shown in the provider's dashboard */
  reference: string;
  contact: { name: string; email: string; mobile: string; referenceId: string };
};

/** What the provider said about an account. */
export type ValidationReport =
  /** the ₹1 deposit is on its way; ask again later */
  | { state: 'pending' }
  /** the bank answered: the account takes money (`active`) or not, and the name it holds */
  | { state: 'completed'; accountStatus: 'active' | 'invalid'; registeredName: string | null }
  /** the provider could not tell (the bank did not answer); a new check may be made */
  | { state: 'failed'; reason: string };

/**
 * requirements#payout-account (ADR-0049): penny-drop validation of a payout account through the
 * payout provider: RazorpayX's account validation, or the built-in sandbox.
 */
export type AccountValidator = {
  name: 'sandbox' | 'razorpayx';
  validate: (account: AccountToValidate) => Promise<{ validationId: string; report: ValidationReport }>;
  validationStatus: (validationId: string) => Promise<ValidationReport>;
};
