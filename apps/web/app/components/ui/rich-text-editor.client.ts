// The rich-text editor's engine (Tiptap on ProseMirror, framework-free, so it runs beside Preact in
// the browser: ADR-0020). Loaded only once the console's page has hydrated; the server's HTML is a
// plain textarea, which stays the form's field and takes the editor's HTML as it changes.
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/** What the toolbar shows as pressed where the cursor is. */
export type EditorMarks = {
  bold: boolean;
  italic: boolean;
  heading2: boolean;
  heading3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: string | null;
};

export type EditorCommand =
  'bold' | 'italic' | 'heading2' | 'heading3' | 'paragraph' | 'bulletList' | 'orderedList' | 'undo' | 'redo';

export type RichTextEngine = {
  run(command: EditorCommand): void;
  /** Links the selection (or the word at the cursor) to `href`; '' removes the link. */
  setLink(href: string): void;
  destroy(): void;
};

/** Links the editor may write; the server's cleaner is the rule, this only spares a surprise. */
const LINK_PROTOCOLS = ['https', 'http', 'mailto', 'tel'];

export function createRichTextEngine(options: {
  mount: HTMLElement;
  field: HTMLTextAreaElement;
  labelledBy: string;
  describedBy: string | undefined;
  onMarks: (marks: EditorMarks) => void;
}): RichTextEngine {
  const { mount, field, onMarks } = options;
  const editor = new Editor({
    element: mount,
    content: field.value,
    // the page's CSP allows no injected <style>: the kit's stylesheet carries the editor's rules
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        underline: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: LINK_PROTOCOLS,
          isAllowedUri: (url, context) =>
            url.startsWith('/') && !url.startsWith('//') ? true : context.defaultValidate(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
    ],
    editorProps: {
      attributes: {
        class: 'ui-rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': options.labelledBy,
        ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
      },
    },
  });
  const report = () =>
    onMarks({
      bold: editor.isActive('bold'),
      italic: editor.isActive('italic'),
      heading2: editor.isActive('heading', { level: 2 }),
      heading3: editor.isActive('heading', { level: 3 }),
      bulletList: editor.isActive('bulletList'),
      orderedList: editor.isActive('orderedList'),
      link: editor.isActive('link') ? String(editor.getAttributes('link').href ?? '') : null,
    });
  editor.on('update', () => {
    field.value = editor.getHTML();
  });
  editor.on('transaction', report);
  report();
  return {
    run(command) {
      const chain = editor.chain().focus();
      switch (command) {
        case 'bold':
          chain.toggleBold().run();
          break;
        case 'italic':
          chain.toggleItalic().run();
          break;
        case 'heading2':
          chain.toggleHeading({ level: 2 }).run();
          break;
        case 'heading3':
          chain.toggleHeading({ level: 3 }).run();
          break;
        case 'paragraph':
          chain.setParagraph().run();
          break;
        case 'bulletList':
          chain.toggleBulletList().run();
          break;
        case 'orderedList':
          chain.toggleOrderedList().run();
          break;
        case 'undo':
          chain.undo().run();
          break;
        case 'redo':
          chain.redo().run();
          break;
      }
    },
    setLink(href) {
      if (href !== '' && editor.state.selection.empty && !editor.isActive('link'))
        // nothing chosen: the address itself becomes the link's text
        editor
          .chain()
          .focus()
          .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
          .run();
      else {
        const chain = editor.chain().focus().extendMarkRange('link');
        if (href === '') chain.unsetLink().run();
        else chain.setLink({ href }).run();
      }
      field.value = editor.getHTML();
    },
    destroy() {
      editor.destroy();
    },
  };
}
