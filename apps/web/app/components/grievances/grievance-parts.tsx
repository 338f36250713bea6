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

export function GrievanceStatusBadge({ status }: { status: GrievanceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{GRIEVANCE_STATUS_LABELS[status]}</Badge>;
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

/** The messages on a ticket, oldest first; `authors` names the staff (the console's view). */
export function GrievanceThread({
  messages,
  authors,
}: {
  messages: GrievanceMessage[];
  authors?: Record<string, string>;
}) {
  if (messages.length === 0) return <p className="grv-muted">No answers yet.</p>;
  return (
    <ol className="grv-thread">
      {messages.map((message) => {
        const who =
          message.author === 'shopper' ? 'You' : (authors?.[String(message.id)] ?? 'Grievance team');
        return (
          <li key={message.id} className={`grv-message grv-message-${message.author}`}>
            <p className="grv-message-head">
              <strong>{authors && message.author === 'shopper' ? 'Shopper' : who}</strong>
              {' · '}
              {KIND_TITLES[message.kind]}
              {' · '}
              <time dateTime={message.at}>{formatMoment(message.at)}</time>
            </p>
            <p className="grv-message-body">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
