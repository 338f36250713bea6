import { SellerReplyInput } from '@marketplace/domain/orders/fulfilment';
import {
  CONVERSATION_TOPICS,
  SellerConversation,
  SellerReplyAnswer,
  TOPIC_LABELS,
} from '@marketplace/domain/sellers/messages-api';
import { isRecordId } from '@marketplace/domain/validation/record-id';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { MessagesTime } from '../../components/seller-central/messages-time.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField } from '../../components/ui/field.tsx';
import { fieldErrors, requestApi } from '../../lib/account-api.ts';
import { actionApi, formFields, loginPathFor, readForm } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/messages.css';
import '../../components/seller-central/engagement.css';

const NOT_FOUND = 'This conversation was not found.';
type Answer = { error: string | null; fields: Record<string, string>; body: string; sent?: string };
const answerOf = (answer: Answer, status = 200) => data(answer, { status });
const notFound = () => data(NOT_FOUND, { status: 404 });

function threadPath(params: LoaderArgs['params']): string | null {
  const { itemId = '', topic = '' } = params;
  if (!isRecordId(itemId) || !(CONVERSATION_TOPICS as readonly string[]).includes(topic)) return null;
  return `/api/seller/conversations/${itemId}/${topic}/open`;
}

/** Opening the conversation marks the shopper's messages read (requirements#seller-messages). */
export async function loader({ request, params, context }: LoaderArgs) {
  const path = threadPath(params);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!path) throw notFound();
  const result = await requestApi(context.api, 'POST', path, SellerConversation);
  if (result.ok) return { conversation: result.data };
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects from a loader by a thrown Response
  if (result.kind === 'refused' && result.status === 401) throw redirect(loginPathFor(request));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (result.kind === 'refused' && result.status === 404) throw notFound();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This conversation could not be loaded. Please try again.', { status: 503 });
}

/** The reply form: posted without scripts, sent through the seller's reply endpoint. */
export async function action({ request, params, context }: ActionArgs) {
  const { itemId = '', topic = '' } = params;
  if (!threadPath(params)) return answerOf({ error: NOT_FOUND, fields: {}, body: '' }, 404);
  const form = await readForm(request);
  const { body } = formFields(form ?? new FormData(), ['body']);
  const parsed = SellerReplyInput.safeParse({ body, topic });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return answerOf({ error: fields.body ?? 'Please check your reply.', fields, body }, 400);
  }
  const result = await actionApi(context).call(
    'POST',
    `/api/seller/order-items/${itemId}/messages`,
    SellerReplyAnswer,
    parsed.data,
  );
  if (result.ok) return answerOf({ error: null, fields: {}, body: '', sent: result.data.message });
  if (result.kind === 'unreachable')
    return answerOf({ error: 'Your reply could not be sent. Please try again.', fields: {}, body }, 503);
  if (result.status === 401) return redirect(loginPathFor(request));
  return answerOf({ error: result.message, fields: result.fields, body }, result.status);
}

export function meta() {
  return [{ title: 'Conversation · Seller Central' }];
}

export default function SellerConversationPage() {
  const { conversation: c } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const sent = answer?.sent ?? null;
  return (
    <div className="sc-msg">
      <p className="sc-msg-back">
        <Link to="/sellercentral/messages">‹ All messages</Link>
      </p>
      <div className="sc-msg-head">
        <img src={c.productImage} alt="" width={64} height={64} className="sc-msg-thumb" />
        <div>
          <h1 className="sc-msg-title">{c.productName}</h1>
          <p className="sc-eng-sub">
            {TOPIC_LABELS[c.topic]} · <Link to={`/sellercentral/orders/${c.orderNo}`}>Order {c.orderNo}</Link>{' '}
            · {c.shopperName}
          </p>
        </div>
      </div>
      <ol className="sc-msg-thread" aria-label="Messages">
        {c.messages.map((m) => (
          <li key={m.id} className={m.author === 'seller' ? 'sc-msg-bubble sc-msg-mine' : 'sc-msg-bubble'}>
            <p className="sc-msg-author">
              {m.author === 'seller' ? 'You' : c.shopperName} · <MessagesTime at={m.sentAt} />
            </p>
            <p className="sc-msg-body">{m.body}</p>
          </li>
        ))}
      </ol>
      <Form method="post" className="sc-msg-reply" aria-label="Reply to the shopper">
        {sent && <Alert tone="success">{sent}</Alert>}
        {answer?.error && !answer.fields.body && <Alert tone="error">{answer.error}</Alert>}
        <TextAreaField
          label="Your reply"
          name="body"
          rows={4}
          maxLength={2000}
          required
          defaultValue={answer?.body ?? ''}
          key={sent ?? 'draft'}
          error={answer?.fields.body}
          hint="Up to 2,000 characters. The shopper sees it on their order."
        />
        <div className="sc-msg-send">
          <Button type="submit" busy={busy}>
            Send reply
          </Button>
        </div>
      </Form>
    </div>
  );
}
