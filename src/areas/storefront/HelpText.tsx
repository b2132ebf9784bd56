import ReactMarkdown from 'react-markdown';

/**
 * A help article rendered by the product's markdown renderer, as messages are: raw HTML dropped (skipHtml),
 * javascript: links removed by react-markdown's URL filter, so an article never runs script.
 */
export default function HelpText({ text }: { text: string }) {
  return <ReactMarkdown skipHtml>{text}</ReactMarkdown>;
}
