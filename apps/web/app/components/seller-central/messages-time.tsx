/** When a message was sent, in Indian time: '7 Mar, 2:05 pm'. */
export function messageTimeText(at: string): string {
  return new Date(at).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });
}

export function MessagesTime({ at }: { at: string }) {
  return (
    <time dateTime={at} className="sc-msg-time">
      {messageTimeText(at)}
    </time>
  );
}
