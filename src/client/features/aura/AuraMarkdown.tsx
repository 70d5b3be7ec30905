/**
 * Aura's answers as markdown, safely: raw HTML is dropped (no rehype-raw, skipHtml), react-markdown's
 * default URL filter removes javascript: links, links open in a new tab without handing over this
 * page, and images become links so an answer cannot make the browser fetch anything by itself.
 */
import Markdown, { type Components } from 'react-markdown';

const components: Components = {
  a: ({ node: _node, children, ...props }) => (
    <a {...props} className="link" target="_blank" rel="noopener noreferrer">{children}</a>
  ),
  img: ({ src, alt }) => (
    typeof src === 'string' && src
      ? <a href={src} className="link" target="_blank" rel="noopener noreferrer">{alt || src}</a>
      : <span>{alt}</span>
  ),
};

export function AuraMarkdown({ text }: { text: string }) {
  return (
    <div className="space-y-2 break-words [&_blockquote]:border-l-4 [&_blockquote]:border-base-300 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-base-300 [&_code]:px-1 [&_h1]:text-lg [&_h1]:font-bold [&_h2]:font-bold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown skipHtml components={components}>{text}</Markdown>
    </div>
  );
}
