import { useState } from 'react';
import { data, Form, redirect, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import {
  AFTER_SALES_LIMITS,
  AFTER_SALES_MESSAGES,
  ConversationMessageInput,
  type ConversationTopic,
  ItemConversation as ConversationSchema,
} from '@marketplace/domain/orders/returns';
import { conversationPath } from '../../components/after-sales/api-paths.ts';
import { loadOrderPage, orderPageStatus } from '../../lib/order-pages.server.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import { actionApi, formFields, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/table.tsx';
import { type MessageKey, useT } from '../../i18n/intl.tsx';
import { useOrderDates, useOrdersText } from '../../components/orders/orders-i18n.ts';

const topicOf = (pathname: string): ConversationTopic =>
  pathname.toLowerCase().endsWith('/previlageclaim') ? 'privilege_claim' : 'seller';
/** ours: the spec shows no text for a message that could not be sent (orders.chat.failed in the catalog) */
const FAILED = 'An error occurred while submitting your request. Please try again.';
const GREETINGS: Record<ConversationTopic, MessageKey> = {
  seller: 'orders.chat.greetingSeller',
  privilege_claim: 'orders.chat.greetingPrivilegeClaim',
};

export async function loader({ url, context }: LoaderArgs) {
  const item = url.searchParams.get('item') ?? '';
  const loaded = isRecordId(item)
    ? await loadOrderPage(context, url, conversationPath(item, topicOf(url.pathname)), ConversationSchema)
    : ({ kind: 'missing' } as const);
  return data(loaded.kind === 'found' ? { itemId: Number(item), conversation: loaded.data } : null, {
    status: orderPageStatus(loaded),
  });
}

/** Sends the shopper's message and shows the conversation again (a reload sends nothing twice). */
export async function action({ request, url, context }: ActionArgs) {
  const item = url.searchParams.get('item') ?? '';
  const form = await readForm(request);
  const { body } = formFields(form ?? new FormData(), ['body']);
  const typed = body.slice(0, AFTER_SALES_LIMITS.messageLength);
  const refuse = (failure: string, status: number) => data({ failure, body: typed }, { status });
  if (!form) return refuse(FAILED, 400);
  if (!isRecordId(item)) return refuse(AFTER_SALES_MESSAGES.notFound, 404);
  const input = ConversationMessageInput.safeParse({
    orderItemId: Number(item),
    topic: topicOf(url.pathname),
    body,
  });
  // requirements#return-in-process: only a non-blank message is sent
  if (!input.success) return refuse(input.error.issues[0]?.message ?? FAILED, 400);
  const api = actionApi(context);
  const result = await api.call('POST', '/api/item-requests/messages', ConversationSchema, input.data);
  if (result.ok) return redirect(url.pathname + url.search);
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(url));
  if (result.kind === 'refused') return refuse(result.message || FAILED, result.status);
  return refuse(FAILED, 503);
}

/**
 * /returninprocess/contactseller and /previlageclaim: a chat with the item's seller that starts
 * with the seller's greeting; a non-blank message is posted to the page's action and kept on the
 * server.
 */
export default function ItemConversation() {
  const loaded = useLoaderData<typeof loader>();
  const topic = topicOf(useLocation().pathname);
  if (!loaded) return null;
  return <Chat key={`${topic}-${loaded.itemId}`} topic={topic} conversation={loaded.conversation} />;
}

function Chat({ topic, conversation }: { topic: ConversationTopic; conversation: ConversationSchema }) {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const t = useT();
  const say = useOrdersText();
  const dates = useOrderDates();
  const title =
    topic === 'seller'
      ? t('orders.chat.withSeller', { seller: conversation.sellerName })
      : t('orders.chat.privilegeClaim');
  const { messages } = conversation;

  return (
    <section className="as-chat" aria-label={title}>
      <h2>{title}</h2>
      <ol className="as-chat-log" aria-live="polite">
        <li className="as-chat-message from-seller">{t(GREETINGS[topic])}</li>
        {messages.map((message) => (
          <li key={message.id} className={`as-chat-message from-${message.author}`}>
            {/* a reply the shopper had not seen until now: this opening marked it read */}
            {message.isNew && (
              <>
                <Badge tone="info">{t('orders.chat.new')}</Badge>{' '}
              </>
            )}
            {/* what the shopper and the seller wrote stays as written */}
            <span translate="no">{message.body}</span>
            <time dateTime={message.sentAt}>{dates.dateTime(message.sentAt)}</time>
          </li>
        ))}
      </ol>
      {reply?.failure && (
        <Alert tone="error" className="account-notice">
          {say(reply.failure)}
        </Alert>
      )}
      {/* a sent message empties the box: a new box for each message the conversation gains */}
      <MessageForm key={messages.length} topic={topic} initial={reply?.body ?? ''} sending={sending} />
    </section>
  );
}

function MessageForm({
  topic,
  initial,
  sending,
}: {
  topic: ConversationTopic;
  initial: string;
  sending: boolean;
}) {
  const [text, setText] = useState(initial);
  const t = useT();
  return (
    <Form method="post" className="as-chat-form">
      <label htmlFor={`as-chat-${topic}`} className="sr-only">
        {t('orders.chat.yourMessage')}
      </label>
      <input
        id={`as-chat-${topic}`}
        name="body"
        value={text}
        maxLength={AFTER_SALES_LIMITS.messageLength}
        placeholder={t('orders.chat.typeMessage')}
        onChange={(event) => setText(event.target.value)}
        disabled={sending}
        autoComplete="off"
      />
      <button type="submit" className="btn" disabled={sending}>
        {t('orders.chat.send')}
      </button>
    </Form>
  );
}
