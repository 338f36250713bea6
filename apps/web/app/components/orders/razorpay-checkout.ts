// Razorpay's checkout script, loaded only when the shopper pays with Razorpay.

export type RazorpayResult = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};
type RazorpayOptions = {
  key: string;
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  handler: (result: RazorpayResult) => void;
  modal?: { ondismiss?: () => void };
};
type RazorpayConstructor = new (options: RazorpayOptions) => { open: () => void };

const loaded = (): RazorpayConstructor | null => {
  const candidate: unknown = (window as unknown as { Razorpay?: unknown }).Razorpay;
  return typeof candidate === 'function' ? (candidate as RazorpayConstructor) : null;
};

/** Loads the script once; null when it could not be loaded (the spec's 'Razorpay is not loaded.'). */
export function loadRazorpay(scriptUrl: string): Promise<RazorpayConstructor | null> {
  const ready = loaded();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => resolve(loaded());
    script.onerror = () => {
      script.remove();
      resolve(null);
    };
    document.body.appendChild(script);
  });
}

export type { RazorpayOptions };
