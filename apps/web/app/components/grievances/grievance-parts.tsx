// requirements#grievances: the pieces the shopper's grievance pages and the policy pages share: the
// grievance officer's card, a ticket's status and its messages.
import type { GrievanceMessage, GrievanceOfficer } from '@marketplace/domain/grievances/grievance-api';
import { GRIEVANCE_STATUS_LABELS, type GrievanceStatus } from '@marketplace/domain/grievances/grievances';
import { Badge, type BadgeTone } from '../ui/table.tsx';
import { formatMoment } from '../orders/order-dates.ts';
import './grievances.css';

const STATUS_TONES: Record<GrievanceStatus, BadgeTone> = {
  open: 'warning',
  acknowledged: 'info',
  resolved: 'success',
};

/** A ticket's status; `label` is its word in the page's language where the page has one. */
export function GrievanceStatusBadge({ status, label }: { status: GrievanceStatus; label?: string }) {
  return <Badge tone={STATUS_TONES[status]}>{label ?? GRIEVANCE_STATUS_LABELS[status]}</Badge>;
}

/** The grievance officer's name and contact, from the console's settings. */
export function OfficerCard({
  officer,
  headingLevel = 2,
}: {
  officer: GrievanceOfficer | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="grv-officer" aria-labelledby="grv-officer-title">
      <Heading id="grv-officer-title">Grievance Officer</Heading>
      {officer ? (
        <dl className="grv-officer-facts">
          <div>
            <dt>Name</dt>
            <dd data-testid="officer-name">{officer.name}</dd>
          </div>
          <div>
            <dt>Designation</dt>
            <dd>{officer.designation}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${officer.email}`}>{officer.email}</a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${officer.phone.replace(/[\s-]/g, '')}`}>{officer.phone}</a>
            </dd>
          </div>
          <div className="grv-officer-wide">
            <dt>Address</dt>
            <dd>{officer.address}</dd>
          </div>
          <div className="grv-officer-wide">
            <dt>Hours</dt>
            <dd>{officer.hours}</dd>
          </div>
        </dl>
      ) : (
        <p>The grievance officer’s details could not be loaded. You can still file a complaint below.</p>
      )}
    </section>
  );
}

const KIND_TITLES: Record<GrievanceMessage['kind'], string> = {
  acknowledgement: 'Acknowledgement',
  reply: 'Reply',
  resolution: 'Resolution',
};

/** The thread's own words and times, for a page that shows them in its language (the shopper's pages). */
export type GrievanceThreadTexts = {
  you: string;
  team: string;
  none: string;
  kinds: Record<GrievanceMessage['kind'], string>;
  at: (iso: string) => string;
};

const ENGLISH_THREAD: GrievanceThreadTexts = {
  you: 'You',
  team: 'Grievance team',
  none: 'No answers yet.',
  kinds: KIND_TITLES,
  at: formatMoment,
};

/**
 * The messages on a ticket, oldest first; `authors` names the staff (the console's view). What
 * people wrote shows as written.
 */
export function GrievanceThread({
  messages,
  authors,
  texts = ENGLISH_THREAD,
}: {
  messages: GrievanceMessage[];
  authors?: Record<string, string>;
  texts?: GrievanceThreadTexts;
}) {
  if (messages.length === 0) return <p className="grv-muted">{texts.none}</p>;
  return (
    <ol className="grv-thread">
      {messages.map((message) => {
        const who = message.author === 'shopper' ? texts.you : (authors?.[String(message.id)] ?? texts.team);
        return (
          <li key={message.id} className={`grv-message grv-message-${message.author}`}>
            <p className="grv-message-head">
              <strong>{authors && message.author === 'shopper' ? 'Shopper' : who}</strong>
              {' · '}
              {texts.kinds[message.kind]}
              {' · '}
              <time dateTime={message.at}>{texts.at(message.at)}</time>
            </p>
            <p className="grv-message-body" translate="no">
              {message.body}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
