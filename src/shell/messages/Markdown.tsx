import ReactMarkdown from 'react-markdown';

/**
 * Message text rendered from markdown. Raw HTML is dropped (skipHtml) and react-markdown's default URL
 * filter removes javascript: links, so a message can never run script.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="message-markdown">
      <ReactMarkdown skipHtml>{text}</ReactMarkdown>
    </div>
  );
}
