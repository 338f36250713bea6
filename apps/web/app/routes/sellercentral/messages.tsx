import {
  SELLER_MESSAGES_TEXTS,
  SellerConversationList,
  TOPIC_LABELS,
} from '@marketplace/domain/sellers/messages-api';
import { data, Link, useLoaderData } from 'react-router';
import { MessagesTime } from '../../components/seller-central/messages-time.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Badge } from '../../components/ui/table.tsx';
import { loadFromApi } from '../../lib/page-api.server.ts';
import type { LoaderArgs } from '../../lib/services.ts';
import '../../components/seller-central/messages.css';
import '../../components/seller-central/engagement.css';

export async function loader({ request, url, context }: LoaderArgs) {
  const page = /^[1-9]\d{0,3}$/.test(url.searchParams.get('page') ?? '') ? url.searchParams.get('page') : '1';
  const unread = url.searchParams.get('unread') === '1';
  const list = await loadFromApi(
    context,
    request,
    `/api/seller/conversations?page=${page}${unread ? '&unread=1' : ''}`,
    SellerConversationList,
  );
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (!list) throw data('Your messages could not be loaded. Please try again.', { status: 503 });
  return { list, unread };
}

export function meta() {
  return [{ title: 'Messages · Seller Central' }];
}

/** requirements#seller-messages: one row per conversation, the latest first, unread ones marked. */
export default function SellerMessages() {
  const { list, unread } = useLoaderData<typeof loader>();
  return (
    <div className="sc-msg">
      <div className="sc-eng-head">
        <h1>Messages</h1>
        <p className="sc-eng-sub">
          {list.unreadTotal === 0 ? 'All read' : `${list.unreadTotal} unread from shoppers`}
        </p>
      </div>
      <nav className="sc-msg-filter" aria-label="Show">
        <Link to="/sellercentral/messages" aria-current={unread ? undefined : 'page'}>
          All
        </Link>
        <Link to="/sellercentral/messages?unread=1" aria-current={unread ? 'page' : undefined}>
          Unread
        </Link>
      </nav>
      {list.conversations.length === 0 ? (
        <p className="sc-msg-empty">{unread ? 'No unread messages.' : SELLER_MESSAGES_TEXTS.empty}</p>
      ) : (
        <ul className="sc-msg-list" aria-label="Conversations">
          {list.conversations.map((c) => (
            <li
              key={`${c.itemId}-${c.topic}`}
              className={c.unread > 0 ? 'sc-msg-row sc-msg-unread' : 'sc-msg-row'}
            >
              <Link to={`/sellercentral/messages/${c.itemId}/${c.topic}`} className="sc-msg-link">
                <img
                  src={c.productImage}
                  alt=""
                  width={48}
                  height={48}
                  className="sc-msg-thumb"
                  loading="lazy"
                />
                <span className="sc-msg-main">
                  <span className="sc-msg-top">
                    <span className="sc-msg-product">{c.productName}</span>
                    <MessagesTime at={c.lastMessage.sentAt} />
                  </span>
                  <span className="sc-msg-meta">
                    {TOPIC_LABELS[c.topic]} · Order {c.orderNo} · {c.shopperName}
                  </span>
                  <span className="sc-msg-last">
                    {c.lastMessage.author === 'seller' ? 'You: ' : ''}
                    {c.lastMessage.body}
                  </span>
                </span>
                {c.unread > 0 && (
                  <span className="sc-msg-count">
                    <Badge tone="info">{c.unread} unread</Badge>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} pages={list.pages} />
    </div>
  );
}
