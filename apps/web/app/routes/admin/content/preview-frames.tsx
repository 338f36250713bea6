// requirements#operator-content: a draft shown as shoppers will see it, at a phone's width and at a
// desktop's (drawn at 1366 px and scaled to fit), each in a frame of its own so the storefront's own
// layout rules for that width apply. Works without scripts: frames need none.
export const PREVIEW_WIDTHS = { phone: 360, desktop: 1366 } as const;

export function PreviewFrames({ href }: { href: string }) {
  return (
    <section className="admin-preview" aria-label="Preview">
      <h4>Preview: not yet published</h4>
      <p>
        <a href={href} target="_blank" rel="noreferrer">
          Open the preview in a new tab
        </a>
      </p>
      <div className="admin-preview-frames">
        <figure className="admin-preview-phone">
          <iframe src={href} title="Preview at phone width" width={PREVIEW_WIDTHS.phone} height={640} />
          <figcaption>Phone, {PREVIEW_WIDTHS.phone} px</figcaption>
        </figure>
        <figure className="admin-preview-desktop">
          <div className="admin-preview-scaler">
            <iframe
              src={href}
              title="Preview at desktop width"
              width={PREVIEW_WIDTHS.desktop}
              height={1100}
            />
          </div>
          <figcaption>Desktop, {PREVIEW_WIDTHS.desktop} px (shown at half size)</figcaption>
        </figure>
      </div>
    </section>
  );
}
