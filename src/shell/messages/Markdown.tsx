import { lazy, Suspense } from 'react';

// The markdown renderer (~38 KiB gzip) loads with the first message or disclaimer shown, not with the shell
// that every screen after login waits for.
const MarkdownText = lazy(() => import(/* webpackChunkName: "markdown" */ './MarkdownText.tsx'));

/** Message text rendered from markdown (MarkdownText says what it never renders). */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="message-markdown">
      <Suspense>
        <MarkdownText text={text} />
      </Suspense>
    </div>
  );
}
