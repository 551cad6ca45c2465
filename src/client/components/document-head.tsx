import { useLayoutEffect } from 'react';
import { messages } from '../../domain/messages';

/** What the page asks of the document's head beyond its title: `{ robots: 'noindex' }`. */
export type HeadMeta = Readonly<Record<string, string>>;

/**
 * A page's title ('… · Pinjam Motor PPTI 21') and meta tags, in the document's head for as long
 * as the page is shown. React 19 would hoist a <title> a component renders; the build runs on
 * Preact (docs/decisions/0030), which renders it where it stands, so it is set here. `meta`
 * should be a constant: a new object each render replaces the tags each render.
 */
export function DocumentHead({ page, meta }: { page: string; meta?: HeadMeta }) {
  useLayoutEffect(() => {
    document.title = `${page} · ${messages.appName}`;
  }, [page]);
  useLayoutEffect(() => {
    const added = Object.entries(meta ?? {}).map(([name, content]) => {
      const tag = document.createElement('meta');
      tag.name = name;
      tag.content = content;
      document.head.append(tag);
      return tag;
    });
    return () => {
      for (const tag of added) tag.remove();
    };
  }, [meta]);
  return null;
}
