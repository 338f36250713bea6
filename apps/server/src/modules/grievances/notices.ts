// requirements#grievances: what the shopper is told by email as a complaint moves: its ticket
// number at filing, the acknowledgement, staff replies and the resolution.
import type { NewMessage } from '../messages/index.ts';

type Shopper = { email: string; firstName: string };

const ticketLink = (ticketNo: string) => `/mygrievances/${ticketNo}`;

export function filedNotice(
  shopper: Shopper,
  ticketNo: string,
  subject: string,
  resolveByDay: string,
): NewMessage {
  return {
    channel: 'email',
    recipient: shopper.email,
    subject: `Complaint registered: ${ticketNo}`,
    template: 'grievance-filed',
    variables: { ticketNo },
    body: [
      `Hello ${shopper.firstName},`,
      `We have registered your complaint “${subject}”. Your ticket number is ${ticketNo}.`,
      `We will acknowledge it within 48 hours and resolve it by ${resolveByDay}.`,
      `Follow it at ${ticketLink(ticketNo)}.`,
    ].join('\n\n'),
  };
}

export function stepNotice(
  shopper: Shopper,
  ticketNo: string,
  step: 'acknowledgement' | 'reply' | 'resolution',
  text: string,
): NewMessage {
  const heading = {
    acknowledgement: `Complaint acknowledged: ${ticketNo}`,
    reply: `New answer on your complaint ${ticketNo}`,
    resolution: `Complaint resolved: ${ticketNo}`,
  }[step];
  const lead = {
    acknowledgement: `We have acknowledged your complaint ${ticketNo}.`,
    reply: `Our grievance team answered your complaint ${ticketNo}.`,
    resolution: `Your complaint ${ticketNo} is resolved.`,
  }[step];
  return {
    channel: 'email',
    recipient: shopper.email,
    subject: heading,
    template: `grievance-${step}`,
    variables: { ticketNo },
    body: [`Hello ${shopper.firstName},`, lead, text, `Read it at ${ticketLink(ticketNo)}.`].join('\n\n'),
  };
}
