// requirements#seller-returns, requirements#return-in-process: what a seller said to the shopper, as the
// shopper's pages show it: the reason given with a decision on a request, and replies not read yet.
// Ours: the spec shows no seller screens, so it has no words for these.

export const SELLER_ANSWER_TEXTS = {
  /** before the reason a seller gave when deciding a cancellation, return or replacement */
  note: 'Seller’s note:',
  /** beside a seller's message the shopper had not seen before opening the conversation */
  newReply: 'New',
} as const;

/** The line that tells the shopper the seller answered in a conversation the shopper has not opened since. */
export const newRepliesText = (count: number): string =>
  count === 1 ? 'New reply from the seller' : `${count} new replies from the seller`;

/** The page of one conversation about an item: under its return in process (requirements#return-in-process). */
export const conversationHref = (itemId: number, topic: 'seller' | 'privilege_claim'): string =>
  `/returninprocess/${topic === 'seller' ? 'contactseller' : 'previlageclaim'}?item=${itemId}`;
