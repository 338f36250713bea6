import type { LoaderArgs } from '../../lib/services.ts';
import { data, useLoaderData } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import '../../components/home/info.css';

export const INVALID_VIDEO_URL = 'Invalid video URL';

export async function loader({ context }: LoaderArgs) {
  const claim = await context.services.privilegeClaim();
  if (!claim) return data({ claim: null }, { status: 404 });
  // only a playable source reaches the page; anything else shows the spec's message
  const video = claim.video ? videoSource(claim.video) : null;
  return { claim: { text: claim.text, video, invalidVideo: claim.video !== null && video === null } };
}

/** A video the page can play: a media file of ours (or an https URL); anything else has no usable source. */
function videoSource(value: string): string | null {
  return /^\/media\/[^\s"'<>]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value) ? value : null;
}

/** The privilege claim page (requirements#privilege-claim (pclaim.php)): the text, then the video when there is one. */
export default function PrivilegeClaimPage() {
  const { claim } = useLoaderData<typeof loader>();
  if (!claim) return <NotFound />;
  const paragraphs = claim.text.split(/\n\s*\n/).filter((p) => p.trim());
  const { video } = claim;
  return (
    <main id="main" tabIndex={-1} className="info-page">
      <article className="info-block privilege">
        <h1>Privilege Claim</h1>
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {video && (
          <video
            className="info-video"
            src={video}
            controls
            preload="metadata"
            aria-label="Privilege claim video"
          />
        )}
        {claim.invalidVideo && <p className="info-error">{INVALID_VIDEO_URL}</p>}
      </article>
    </main>
  );
}
