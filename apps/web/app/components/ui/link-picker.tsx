import { pickerSource } from '@marketplace/domain/admin/pickers-api';
import {
  describeLink,
  LINK_KIND_LABELS,
  LINK_KINDS,
  LINK_MESSAGES,
  type LinkKind,
  SITE_PAGES,
  searchPath,
} from '@marketplace/domain/admin/site-links';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Field } from './field.tsx';
import { Picker } from './picker.tsx';

export type SitePage = { path: string; label: string };

type Props = {
  label: string;
  /** the link's field; a site page chosen before scripts posts as `{name}Page` */
  name: string;
  defaultValue: string;
  /** the shop's published content pages */
  pages: readonly SitePage[];
  error?: string | undefined;
  hint?: string;
};

const PICKED_KINDS = { category: 'categories', brand: 'brands', product: 'products' } as const;

/**
 * requirements#link-picker: a link typed (a path of the shop or an https address), or chosen from
 * the site: a fixed page, a category, a brand, a product, a content page or a search. Before its
 * scripts a list offers the fixed and content pages; with them a dialog offers every kind.
 */
export function LinkPicker({ label, name, defaultValue, pages, error, hint }: Props) {
  const base = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [link, setLink] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const meaning = describeLink(link.trim());
  return (
    <div className="ui-link-picker wide">
      <Field
        label={label}
        name={name}
        value={link}
        onChange={(event) => setLink(event.target.value)}
        error={error}
        hint={hint ?? 'A path such as /todaydeals, or an https:// address; or choose a page of the site.'}
        maxLength={500}
        spellCheck={false}
      />
      <div className="ui-link-picker-row">
        {meaning && link.trim() !== '' && (
          <span className="ui-link-picker-meaning">
            Leads to:{' '}
            {meaning.kind === 'external'
              ? `${meaning.label} (another site)`
              : meaning.kind === 'path'
                ? meaning.label
                : `${LINK_KIND_LABELS[meaning.kind]}: ${meaning.label}`}
          </span>
        )}
        {hydrated ? (
          <Button type="button" variant="secondary" small onClick={() => setOpen(true)}>
            Choose a page…
          </Button>
        ) : (
          <span className="ui-link-picker-fallback">
            <label htmlFor={`${base}-page`}>Or a page of the site</label>
            <select id={`${base}-page`} name={`${name}Page`} defaultValue="">
              <option value="">Use the link typed</option>
              <optgroup label="Site pages">
                {SITE_PAGES.map((page) => (
                  <option key={page.path} value={page.path}>
                    {page.label}
                  </option>
                ))}
              </optgroup>
              {pages.length > 0 ? (
                <optgroup label="Content pages">
                  {pages.map((page) => (
                    <option key={page.path} value={page.path}>
                      {page.label}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </span>
        )}
      </div>
      {hydrated && (
        <LinkDialog
          open={open}
          title={`${label}: choose a page`}
          pages={pages}
          onClose={() => setOpen(false)}
          onChoose={(path) => {
            setLink(path);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

function LinkDialog({
  open,
  title,
  pages,
  onClose,
  onChoose,
}: {
  open: boolean;
  title: string;
  pages: readonly SitePage[];
  onClose: () => void;
  onChoose: (path: string) => void;
}) {
  const base = useId();
  const [kind, setKind] = useState<LinkKind>('page');
  const [words, setWords] = useState('');
  const [searchError, setSearchError] = useState('');
  const first = useRef<HTMLInputElement>(null);
  const list = (items: readonly SitePage[]) => (
    <ul className="ui-link-choices">
      {items.map((page) => (
        <li key={page.path}>
          <button type="button" onClick={() => onChoose(page.path)}>
            {page.label} <span className="ui-picker-detail">{page.path}</span>
          </button>
        </li>
      ))}
    </ul>
  );
  return (
    <Dialog open={open} onClose={onClose} title={title} initialFocus={first} className="ui-link-dialog">
      <div className="ui-link-dialog-body">
        <fieldset className="ui-link-kinds">
          <legend>Leads to</legend>
          {LINK_KINDS.map((one, index) => (
            <label key={one}>
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name={`${base}-kind`}
                checked={kind === one}
                onChange={() => setKind(one)}
              />
              {LINK_KIND_LABELS[one]}
            </label>
          ))}
        </fieldset>
        {kind === 'page' && list(SITE_PAGES)}
        {kind === 'content' && (pages.length > 0 ? list(pages) : <p>No content page is published yet.</p>)}
        {(kind === 'category' || kind === 'brand' || kind === 'product') && (
          <Picker
            key={kind}
            label={LINK_KIND_LABELS[kind]}
            name={`${base}-${kind}`}
            source={pickerSource(PICKED_KINDS[kind])}
            hint="Type part of its name, or its id, and choose it from the list."
            onChoose={(choice) => {
              if (choice.path) onChoose(choice.path);
            }}
          />
        )}
        {kind === 'search' && (
          <div className="ui-link-search">
            <label htmlFor={`${base}-words`}>Search for</label>
            <input
              id={`${base}-words`}
              type="text"
              maxLength={100}
              value={words}
              onChange={(event) => setWords(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
            {searchError && (
              <small className="ui-field-error" role="alert">
                {searchError}
              </small>
            )}
            <Button
              type="button"
              small
              onClick={() => {
                const path = searchPath(words);
                if (path) onChoose(path);
                else setSearchError(LINK_MESSAGES.search);
              }}
            >
              Use this search
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
