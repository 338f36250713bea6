import {
  AdminBanner,
  AdminBannerList,
  BANNER_FIELDS,
  BANNER_KIND_LABELS,
  BannerFields,
} from '@marketplace/domain/admin/content-api';
import { CONTENT_LIMITS, CONTENT_MESSAGES } from '@marketplace/domain/admin/content';
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Choice, Field } from '../../../components/ui/field.tsx';
import { LinkPicker } from '../../../components/ui/link-picker.tsx';
import { Badge, Table } from '../../../components/ui/table.tsx';
import { fieldErrors } from '../../../lib/account-api.ts';
import { actionApi, formFields, readForm } from '../../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../../lib/services.ts';
import { loadSitePickers, readLinkPickers } from '../../../lib/site-pickers.server.ts';
import { formatMoment } from '../format.ts';
import { loadContent, throwRefusal } from './load.server.ts';
import './content.css';

const PATH = '/admin/content/banners';

/** requirements#operator-content: the banners, in their carousel's order. */
export async function loader(args: LoaderArgs) {
  const result = await loadContent(args, 'GET', '/api/admin/content/banners', AdminBannerList);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the console's error boundary shows it
  if (!result.ok) throw data('The banners could not be loaded. Please try again.', { status: 503 });
  const { pages } = await loadSitePickers(args.context);
  return { banners: result.data.banners, saved: args.url.searchParams.get('saved'), pages };
}

type Answer = { error: string; fields: Record<string, string>; values: Record<string, string> };

/** Adds a banner (its image goes to the API as multipart), switches one on or off, or moves it. */
export async function action({ request, context, url }: ActionArgs) {
  const form = await readForm(request);
  const fail = (answer: Answer, status: number) => data(answer, { status });
  if (!form)
    return fail({ error: 'The form could not be read. Please try again.', fields: {}, values: {} }, 400);
  const api = actionApi(context);
  const intent = form.get('intent');
  const id = formFields(form, ['bannerId']).bannerId;
  const done = (message: string) =>
    redirect(`${PATH}?saved=${encodeURIComponent(message)}`, { headers: api.headers });
  if (intent === 'switch' || intent === 'move') {
    if (!/^\d{1,9}$/.test(id)) return fail({ error: 'Choose a banner.', fields: {}, values: {} }, 400);
    const result =
      intent === 'switch'
        ? await api.call('POST', `${'/api'}${PATH}/${id}/switch`, AdminBanner, {
            isActive: form.get('isActive') === 'on',
          })
        : await api.call('POST', `/api${PATH}/${id}/move`, AdminBanner, {
            direction: form.get('direction') === 'up' ? 'up' : 'down',
          });
    throwRefusal(result, new Request(url));
    if (result.ok)
      return done(
        intent === 'switch'
          ? result.data.isActive
            ? 'The banner is on.'
            : 'The banner is off.'
          : 'The order was saved.',
      );
    return fail({ error: result.kind === 'refused' ? result.message : '', fields: {}, values: {} }, 400);
  }
  // requirements#link-picker: the link typed, or a site page chosen from the list before scripts
  const links = readLinkPickers(form, ['link'], (await loadSitePickers(context)).pages);
  const values = { ...formFields(form, BANNER_FIELDS), ...links.links };
  if (links.fields.link)
    return fail({ error: 'Please correct the fields marked below.', fields: links.fields, values }, 400);
  const parsed = BannerFields.safeParse(values);
  const file = form.get('file');
  const hasFile = file instanceof File && file.size > 0;
  if (!parsed.success || !hasFile) {
    const fields = parsed.success ? {} : fieldErrors(parsed.error);
    if (!hasFile) fields.file = CONTENT_MESSAGES.bannerImage;
    return fail({ error: 'Please correct the fields marked below.', fields, values }, 400);
  }
  const body = new FormData();
  for (const name of BANNER_FIELDS) body.set(name, values[name]);
  body.set('file', file);
  const result = await api.call('POST', `/api${PATH}`, AdminBanner, body);
  throwRefusal(result, new Request(url));
  if (result.ok) return done('The banner was added.');
  return result.kind === 'refused'
    ? fail({ error: result.message, fields: result.fields, values }, result.status)
    : fail({ error: 'The banner could not be added. Please try again.', fields: {}, values }, 503);
}

export function meta() {
  return [{ title: 'Banners · Console' }];
}

function status(banner: AdminBanner) {
  if (banner.isLive) return <Badge tone="success">Showing</Badge>;
  if (!banner.isActive) return <Badge>Off</Badge>;
  return banner.endsAt && Date.parse(banner.endsAt) <= Date.now() ? (
    <Badge>Ended</Badge>
  ) : (
    <Badge tone="info">Scheduled</Badge>
  );
}

export default function Banners() {
  const { banners, saved, pages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const v = answer?.values ?? {};
  const f = answer?.fields ?? {};
  return (
    <div className="admin-content">
      <p className="admin-content-back">
        <Link to="/admin/content">‹ Storefront content</Link>
      </p>
      <h1>Banners</h1>
      <p>
        The home page’s carousel shows the long banners that are on, between their dates, in this order.
        Changes show within a minute.
      </p>
      {saved && <Alert tone="success">{saved}</Alert>}
      {answer && !answer.values.altText && answer.error && <Alert tone="error">{answer.error}</Alert>}
      <Table
        label="Banners in their carousel’s order"
        stacked
        head={
          <tr>
            <th scope="col">Banner</th>
            <th scope="col">Where</th>
            <th scope="col">Link</th>
            <th scope="col">Dates</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        }
      >
        {banners.map((banner, i) => {
          const sameKind = banners.filter((b) => b.kind === banner.kind);
          const place = sameKind.indexOf(banner);
          return (
            <tr key={banner.id}>
              <td data-label="Banner">
                <img
                  className="admin-banner-thumb"
                  src={banner.imagePath}
                  alt=""
                  width={240}
                  height={48}
                  loading={i < 4 ? 'eager' : 'lazy'}
                />
                <div>{banner.altText}</div>
              </td>
              <td data-label="Where">{BANNER_KIND_LABELS[banner.kind]}</td>
              <td data-label="Link">{banner.link ?? '—'}</td>
              <td data-label="Dates">
                {banner.startsAt ? `From ${formatMoment(banner.startsAt)}` : 'From now'}
                <br />
                {banner.endsAt ? `Until ${formatMoment(banner.endsAt)}` : 'No end'}
              </td>
              <td data-label="Status">{status(banner)}</td>
              <td data-label="Actions">
                <div className="admin-row-actions">
                  {(['up', 'down'] as const).map((direction) => (
                    <Form method="post" key={direction}>
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="bannerId" value={banner.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <Button
                        type="submit"
                        variant="secondary"
                        small
                        disabled={direction === 'up' ? place === 0 : place === sameKind.length - 1}
                        aria-label={`Move “${banner.altText}” ${direction}`}
                      >
                        {direction === 'up' ? '↑' : '↓'}
                      </Button>
                    </Form>
                  ))}
                  <Form method="post">
                    <input type="hidden" name="intent" value="switch" />
                    <input type="hidden" name="bannerId" value={banner.id} />
                    <input type="hidden" name="isActive" value={banner.isActive ? 'off' : 'on'} />
                    <Button
                      type="submit"
                      variant="secondary"
                      small
                      aria-label={`Turn “${banner.altText}” ${banner.isActive ? 'off' : 'on'}`}
                    >
                      {banner.isActive ? 'Turn off' : 'Turn on'}
                    </Button>
                  </Form>
                </div>
              </td>
            </tr>
          );
        })}
      </Table>

      <h2>Add a banner</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="ui-form-grid"
        aria-label="Add a banner"
        noValidate
      >
        {answer?.values.altText !== undefined && answer.error && (
          <Alert tone="error" className="wide">
            {answer.error}
          </Alert>
        )}
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="kind" value="long" />
        <Field
          label="Image"
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          error={f.file}
          hint="JPEG, PNG, WebP or AVIF, up to 5 MB; cut to 1500 × 300 for the carousel."
          wide
        />
        <Field
          label="Alt text"
          name="altText"
          maxLength={CONTENT_LIMITS.altLength}
          defaultValue={v.altText}
          error={f.altText}
          hint="What the banner says, for shoppers who cannot see it."
        />
        <LinkPicker label="Link" name="link" defaultValue={v.link ?? ''} pages={pages} error={f.link} />
        <Field
          label="Starts (Indian time)"
          name="startsAt"
          type="datetime-local"
          defaultValue={v.startsAt}
          error={f.startsAt}
          hint="Empty: from now."
        />
        <Field
          label="Ends (Indian time)"
          name="endsAt"
          type="datetime-local"
          defaultValue={v.endsAt}
          error={f.endsAt}
          hint="Empty: no end."
        />
        <Choice label="On" name="isActive" defaultChecked={v.isActive === undefined || v.isActive === 'on'} />
        <div className="wide">
          <Button type="submit">Add the banner</Button>
        </div>
      </Form>
    </div>
  );
}
