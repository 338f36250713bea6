import { type FormEvent, useState } from 'react';
import { type ClientLoaderFunctionArgs, redirect, useLoaderData, useLocation } from 'react-router';
import {
  AFTER_SALES_LIMITS,
  CONVERSATION_GREETINGS,
  type ConversationTopic,
} from '@marketplace/domain/orders/returns';
import { callApi, hereOf } from '../../components/account/account-api.ts';
import { type Conversation, conversationPath, sendMessage } from '../../lib/after-sales-api.ts';

const topicOf = (pathname: string): ConversationTopic =>
  pathname.toLowerCase().endsWith('/previlageclaim') ? 'privilege_claim' : 'seller';
const FAILED = 'An error occurred while submitting your request. Please try again.';

type Loaded = { itemId: number; conversation: Conversation } | null;

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const item = url.searchParams.get('item') ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(item)) return null;
  const result = await callApi<Conversation>(conversationPath(item, topicOf(url.pathname)));
  if (result.ok) return { itemId: Number(item), conversation: result.data };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.status === 401) throw redirect(`/login?redirectTo=${encodeURIComponent(hereOf(request))}`);
  return null;
}

/**
 * /returninprocess/contactseller and /previlageclaim: a chat with the item's seller that starts
 * with the seller's greeting; a non-blank message is sent and kept on the server.
 */
export default function ItemConversation() {
  const loaded = useLoaderData<typeof clientLoader>();
  const topic = topicOf(useLocation().pathname);
  if (!loaded) return null;
  return (
    <Chat
      key={`${topic}-${loaded.itemId}`}
      topic={topic}
      itemId={loaded.itemId}
      initial={loaded.conversation}
    />
  );
}

function Chat({
  topic,
  itemId,
  initial,
}: {
  topic: ConversationTopic;
  itemId: number;
  initial: Conversation;
}) {
  const [messages, setMessages] = useState(initial.messages);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const title = topic === 'seller' ? `Chat with ${initial.sellerName}` : 'Privilege claim';

  async function send(event: FormEvent) {
    event.preventDefault();
    // spec §2: only a non-blank message is sent
    if (text.trim() === '') return;
    setSending(true);
    setFailure(null);
    try {
      const result = await sendMessage({ orderItemId: itemId, topic, body: text });
      if (result.ok) {
        setMessages(result.data.messages);
        setText('');
      } else setFailure(result.message || FAILED);
    } catch {
      setFailure(FAILED);
    }
    setSending(false);
  }

  return (
    <section className="as-chat" aria-label={title}>
      <h2>{title}</h2>
      <ol className="as-chat-log" aria-live="polite">
        <li className="as-chat-message from-seller">{CONVERSATION_GREETINGS[topic]}</li>
        {messages.map((message) => (
          <li key={message.id} className={`as-chat-message from-${message.author}`}>
            {message.body}
            <time dateTime={message.sentAt}>
              {new Intl.DateTimeFormat('en-IN', {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'Asia/Kolkata',
              }).format(new Date(message.sentAt))}
            </time>
          </li>
        ))}
      </ol>
      {failure && (
        <p className="account-notice error" role="alert">
          {failure}
        </p>
      )}
      <form className="as-chat-form" onSubmit={(event) => void send(event)}>
        <label htmlFor={`as-chat-${topic}`} className="sr-only">
          Your message
        </label>
        <input
          id={`as-chat-${topic}`}
          value={text}
          maxLength={AFTER_SALES_LIMITS.messageLength}
          placeholder="Type your message"
          onChange={(event) => setText(event.target.value)}
          disabled={sending}
        />
        <button type="submit" className="btn" disabled={sending}>
          Send
        </button>
      </form>
    </section>
  );
}
