/** Text made safe to place inside hand-written markup (a noscript's button, say). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
