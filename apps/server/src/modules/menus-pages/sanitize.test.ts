import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './sanitize.ts';

// requirements#operator-content: a page's HTML is cleaned to a strict allow-list on save and on render
describe('cleaning a page’s HTML', () => {
  it.each([
    ['a script tag and its text', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['a script inside a paragraph', '<p>Hi <script>alert(1)</script>there</p>', '<p>Hi there</p>'],
    ['an image with onerror', '<p><img src=x onerror=alert(1)>x</p>', '<p>x</p>'],
    ['an event handler on an allowed tag', '<p onclick="alert(1)" onmouseover=alert(2)>x</p>', '<p>x</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    [
      'a javascript: link in mixed case',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a rel="noopener noreferrer">x</a>',
    ],
    [
      'a javascript: link behind a tab entity',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer">x</a>',
    ],
    [
      'a javascript: link in entities',
      '<a href="&#106;&#97;vascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer">x</a>',
    ],
    [
      'a javascript: link behind spaces',
      '<a href="  javascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer">x</a>',
    ],
    [
      'a data: link',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
      '<a rel="noopener noreferrer">x</a>',
    ],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['a protocol-relative link', '<a href="//evil.example/x">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['a style element', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['a style attribute, class and id', '<p style="color:red" class="big" id="top">x</p>', '<p>x</p>'],
    ['an svg with onload', '<svg onload=alert(1)><circle r=4 /></svg><p>x</p>', '<p>x</p>'],
    [
      'an svg link to javascript:',
      '<svg><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>',
      '<a rel="noopener noreferrer">t</a>',
    ],
    ['an svg with a script inside', '<svg><script>alert(1)</script></svg>', ''],
    ['mathml', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>x</p>', '<p>x</p>'],
    [
      'a form and its fields',
      '<form action="https://evil.example"><input name=a><button>Go</button></form>',
      'Go',
    ],
    [
      'a meta refresh',
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>x</p>',
      '<p>x</p>',
    ],
    ['a base tag', '<base href="https://evil.example/"><p>x</p>', '<p>x</p>'],
    ['NUL bytes', 'a\u0000b<p>\u0000c<scr\u0000ipt>alert(1)</script></p>', 'ab<p>c</p>'],
    ['other control characters', '<p>a\u0007b\u001bc</p>', '<p>abc</p>'],
    ['unclosed tags', '<p><b>bold <i>both', '<p><b>bold <i>both</i></b></p>'],
    ['a stray closing tag', '</div></p><p>x</p>', '<p></p><p>x</p>'],
    ['nested brackets around a script', '<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    [
      'a noscript with markup in an attribute',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '',
    ],
    ['a comment hiding a script', '<!--<script>alert(1)</script>--><p>x</p>', '<p>x</p>'],
    ['a CDATA block', '<![CDATA[<script>alert(1)</script>]]><p>x</p>', '<p>x</p>'],
    ['a template', '<template><script>alert(1)</script></template><p>x</p>', '<p>x</p>'],
  ])('removes %s', (_what, input, output) => {
    expect(sanitizePageHtml(input)).toBe(output);
  });

  it.each([
    ['headings two to four', '<h2>A</h2><h3>B</h3><h4>C</h4>'],
    [
      'paragraphs with bold, italic and line breaks',
      '<p><strong>a</strong> <em>b</em> <b>c</b> <i>d</i><br />e</p>',
    ],
    ['lists', '<ul><li>a</li><li>b</li></ul><ol start="3"><li>c</li></ol>'],
    ['a quote and a rule', '<blockquote><p>a</p></blockquote><hr />'],
    [
      'a table',
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
    ],
    ['a link on this site', '<a href="/policy/privacy-notice" rel="noopener noreferrer">a</a>'],
    ['a mail link', '<a href="mailto:help@example.com" rel="noopener noreferrer">a</a>'],
    ['text with escaped markup', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
  ])('keeps %s', (_what, html) => {
    expect(sanitizePageHtml(html)).toBe(html);
  });

  it('opens a link away from the site in a new tab that cannot reach back, whatever the author wrote', () => {
    expect(
      sanitizePageHtml('<a href="https://example.com" target="_self" rel="opener" title="t">x</a>'),
    ).toBe('<a href="https://example.com" title="t" rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizePageHtml('<a href="/deals" target="_top">x</a>')).toBe(
      '<a href="/deals" rel="noopener noreferrer">x</a>',
    );
  });

  it('turns an h1 (the page title’s level) into an h2, and h5 and h6 into h4', () => {
    expect(sanitizePageHtml('<h1>a</h1><h5>b</h5><h6>c</h6>')).toBe('<h2>a</h2><h4>b</h4><h4>c</h4>');
  });

  it('cleans what it cleaned to the same HTML again', () => {
    const hostile =
      '<h1 onclick=x>T</h1><p style="x">a <a href="https://e.example">l</a><script>s</script></p><svg><a xlink:href="javascript:1">t</a></svg>';
    const once = sanitizePageHtml(hostile);
    expect(sanitizePageHtml(once)).toBe(once);
  });
});
