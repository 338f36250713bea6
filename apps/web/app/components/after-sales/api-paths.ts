import type { AfterSalesKind, ConversationTopic } from '@marketplace/domain/orders/returns';

/** `GET /api/item-requests`: an item's requests of a kind (the detail and return-in-process pages). */
export const detailsPath = (kind: AfterSalesKind, itemId: string) =>
  `/api/item-requests?kind=${kind}&item=${encodeURIComponent(itemId)}`;

/** `GET /api/item-requests/messages`: the contact-seller or privilege-claim conversation about an item. */
export const conversationPath = (itemId: string, topic: ConversationTopic) =>
  `/api/item-requests/messages?item=${encodeURIComponent(itemId)}&topic=${topic}`;
