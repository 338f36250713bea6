import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  orderSuggestions,
  SEARCH_DEBOUNCE_MS,
  SEARCH_TEXT_MAX_LENGTH,
  searchDestination,
  type Suggestion,
  suggestionHref,
} from '@marketplace/domain/search/suggestions';
import { readSuggestions } from '../lib/storefront-answers.ts';
import { type MessageKey, useLocalPath, useT } from '../i18n/intl.tsx';

const TYPE_LABELS: Record<Suggestion['type'], MessageKey> = {
  brand: 'search.type.brand',
  category: 'search.type.category',
  subcategory: 'search.type.category',
  supercategory: 'search.type.category',
  supersubcategory: 'search.type.category',
  product: 'search.type.product',
};

/** The suggestions for a text, or null when they do not come within a few seconds. */
async function suggestionsFor(wanted: string): Promise<Suggestion[] | null> {
  try {
    const res = await fetch(`/api/search/suggestions?q=${encodeURIComponent(wanted)}`, {
      signal: AbortSignal.timeout(SUBMIT_WAIT_MS),
    });
    return res.ok ? await readSuggestions(res) : null;
  } catch {
    return null; // too slow or failed: the results page, as without suggestions
  }
}

/** How long Enter waits for suggestions not yet shown before it goes to the results page. */
const SUBMIT_WAIT_MS = 5000;

/** The header's search box with suggestions (requirements#search-suggestions, requirements#search-submit). */
export function SearchBox() {
  const navigate = useNavigate();
  const t = useT();
  const local = useLocalPath();
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  // suggestions belong to the text they were fetched for; Enter ignores them once the text moves on
  const [result, setResult] = useState<{ text: string; suggestions: Suggestion[] }>({
    text: '',
    suggestions: [],
  });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // the text a search was submitted for: its suggestions may still be on their way, and when they
  // arrive they decide where Enter goes but never open the list again (requirements#search-submit)
  const submitted = useRef<string | null>(null);

  const clear = () => {
    setOpen(false);
    setActive(-1);
    setResult({ text: '', suggestions: [] });
  };

  useEffect(() => {
    const wanted = text.trim();
    if (!wanted) {
      clear(); // requirements#search-suggestions: no lookup for empty text; emptying clears the list
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(wanted)}`, { signal: controller.signal })
        .then((res) => (res.ok ? readSuggestions(res) : Promise.reject(new Error(`HTTP ${res.status}`))))
        .then((found) => {
          setResult({ text: wanted, suggestions: orderSuggestions(found, wanted) });
          setActive(-1);
          if (submitted.current !== wanted) setOpen(true);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('search suggestions failed', error); // requirements#failures-only-logged: only logged; the list stays empty
          clear();
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (formRef.current && !formRef.current.contains(event.target as Node)) clear();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const suggestions = result.text === text.trim() ? result.suggestions : [];
  const go = (href: string | null) => {
    if (!href) return; // requirements#search-submit: empty text does nothing
    clear();
    void navigate(local(href));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    const chosen = active >= 0 ? suggestions[active] : undefined;
    submitted.current = wanted || null;
    if (chosen || !wanted || result.text === wanted) {
      go(chosen ? suggestionHref(chosen) : searchDestination(text, suggestions));
      return;
    }
    // Enter before the suggestions answered: ask for them now and go where they lead, as Enter
    // does once they are shown, so the same text lands on the same page at any typing speed
    setOpen(false);
    setActive(-1);
    void suggestionsFor(wanted).then((found) => {
      if (submitted.current !== wanted) return; // the shopper typed on: this search is over
      go(searchDestination(wanted, found ? orderSuggestions(found, wanted) : []));
    });
  };

  const showList = open && suggestions.length > 0;
  const activeIndex = active >= suggestions.length ? -1 : active;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // a search box's own Escape empties it: with the list open, Escape only closes the list
      if (showList) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // positions run from -1 (the text box itself) to the last suggestion, and wrap around
      setActive((current) => {
        const next = current + step;
        return next >= suggestions.length ? -1 : next < -1 ? suggestions.length - 1 : next;
      });
    }
  };
  return (
    // without scripts the form itself goes to the results (ADR-0013); with them, submit() decides
    <form
      ref={formRef}
      className="search-wrap"
      role="search"
      method="get"
      action={local('/searchpage')}
      onSubmit={submit}
    >
      <div className="search">
        <label htmlFor="site-search" className="sr-only">
          {t('search.placeholder')}
        </label>
        <input
          id="site-search"
          name="keyword"
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          value={text}
          onChange={(event) => {
            submitted.current = null;
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
        />
        <button type="submit">{t('search.submit')}</button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        className="suggestions"
        hidden={!showList}
      >
        {showList &&
          suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.type}:${suggestion.id}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={index === activeIndex ? 'active' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(suggestionHref(suggestion))}
              onMouseEnter={() => setActive(index)}
            >
              <img src={suggestion.image} alt="" width={32} height={32} />
              <span className="suggestion-name">{suggestion.name}</span>
              <span className="suggestion-type">{t(TYPE_LABELS[suggestion.type])}</span>
            </li>
          ))}
      </ul>
    </form>
  );
}
