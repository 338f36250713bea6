// requirements#pwa: the browser's offer to install the shop as an app (Chromium's
// beforeinstallprompt), kept from the moment the page starts so the footer's button can use it
// whenever it is pressed. Nothing is prevented: the browser's own install prompt stays as it is.

type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type InstallState = 'hint' | 'ready' | 'installed';

let offer: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Called once by the browser entry, before hydration: the offer may come at any time after. */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    offer = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installed = true;
    notify();
  });
}

function runsInstalled(): boolean {
  return (
    installed ||
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

/** What the footer offers now: the browser's install prompt, the way to do it by hand, or nothing to do. */
export function installState(): InstallState {
  if (runsInstalled()) return 'installed';
  return offer ? 'ready' : 'hint';
}

export function onInstallStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install prompt; an offer is good for one prompt only. */
export async function promptInstall(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  await current.prompt();
  const { outcome } = await current.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
}
