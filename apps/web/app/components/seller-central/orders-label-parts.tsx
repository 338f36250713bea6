import { useEffect, useState } from 'react';
import { Button } from '../ui/button.tsx';

type Address = {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string | null;
};

/** An address block of the label and slip. */
export function LabelAddress({
  title,
  address,
  large = false,
}: {
  title: string;
  address: Address;
  large?: boolean;
}) {
  return (
    <div className={large ? 'sc-label-address sc-label-address-large' : 'sc-label-address'}>
      <p className="sc-label-address-title">{title}</p>
      <p>
        <strong>{address.name}</strong>
        <br />
        {address.address && (
          <>
            {address.address}
            <br />
          </>
        )}
        {[address.city, address.state].filter(Boolean).join(', ')} <strong>{address.pincode}</strong>
        {address.phone && (
          <>
            <br />
            Ph: {address.phone}
          </>
        )}
      </p>
    </div>
  );
}

/** Opens the browser's print dialog; before scripts run, the browser's own Print does the same. */
export function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return <span className="sc-label-hint">Use your browser’s Print (Ctrl+P)</span>;
  return (
    <Button small onClick={() => window.print()}>
      Print
    </Button>
  );
}
