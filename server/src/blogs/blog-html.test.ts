import { describe, expect, it } from 'vitest';
import { sanitizeBlogHtml } from './blog-html';

/** Hostile HTML an admin account (or a stolen one) might save; none of it may survive as active content. */
export const XSS_CORPUS = [
  '<script>window.__xss = 1</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__xss=1">',
  '<img src="https://ok.example/a.png" onload="window.__xss=1">',
  '<p onclick="window.__xss=1" onmouseover="window.__xss=1">hover</p>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<a href="JaVaScRiPt:window.__xss=1">click</a>',
  '<a href="jav&#x09;ascript:window.__xss=1">click</a>',
  '<a href="data:text/html,<script>window.__xss=1</script>">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<svg onload="window.__xss=1"><script>window.__xss=1</script></svg>',
  '<svg><animate onbegin="window.__xss=1" attributeName="x"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<style>body{background:url("javascript:window.__xss=1")}</style>',
  '<p style="background-image:url(javascript:window.__xss=1)">styled</p>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<body onload="window.__xss=1">',
  '<details open ontoggle="window.__xss=1">x</details>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:/">',
  '<img src="http://insecure.example/a.png">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<template><script>window.__xss=1</script></template>',
  '"><script>window.__xss=1</script>',
].join('\n');

describe('blog HTML sanitiser', () => {
  const clean = sanitizeBlogHtml(XSS_CORPUS);

  it('leaves no script, style, frame, svg, math, form, object or meta element', () => {
    expect(clean).not.toMatch(/<\s*(script|style|iframe|svg|math|form|object|embed|meta|base|body|details|template|noscript|animate)\b/i);
  });

  it('leaves no event handler, style attribute or dangerous URL', () => {
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/\sstyle\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/(src|href)="\/\//i);
    expect(clean).not.toMatch(/src="http:/i);
  });

  it('drops the code inside script, style and svg instead of showing it as text', () => {
    expect(clean).not.toContain('window.__xss');
  });

  it('keeps the rich-text subset: headings, lists, links, https images, quotes, code and tables', () => {
    const html = [
      '<h2>Top picks</h2>',
      '<p>Play <strong>these</strong> <em>now</em>.</p>',
      '<ul><li>One</li></ul><ol><li>Two</li></ol>',
      '<blockquote>Quote</blockquote><pre><code>x = 1</code></pre>',
      '<table><thead><tr><th>Game</th></tr></thead><tbody><tr><td>Dragon Clash</td></tr></tbody></table>',
      '<img src="https://images.example/a.png" alt="A game" />',
    ].join('');
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it('keeps http(s) and mailto links, with rel set so a new tab cannot reach back', () => {
    expect(sanitizeBlogHtml('<a href="https://playquid.example/offers" target="_blank">Offers</a>')).toBe(
      '<a href="https://playquid.example/offers" target="_blank" rel="noopener noreferrer nofollow">Offers</a>',
    );
    expect(sanitizeBlogHtml('<a href="mailto:support@playquid.example" target="_top">Mail</a>')).toBe('<a href="mailto:support@playquid.example" rel="nofollow">Mail</a>');
  });
});
