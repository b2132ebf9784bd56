import ReactMarkdown from 'react-markdown';

/**
 * Message text rendered from markdown. Raw HTML is dropped (skipHtml) and react-markdown's default URL
 * filter removes javascript: links, so a message can never run script.
 */
export default function MarkdownText({ text }: { text: string }) {
  return <ReactMarkdown skipHtml>{text}</ReactMarkdown>;
}
