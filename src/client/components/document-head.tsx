import { useLayoutEffect } from 'react';
import { messages } from '../../domain/text/messages';

export type HeadMeta = Readonly<Record<string, string>>;

// React 19 would hoist a rendered <title>; Preact, which the build runs on, leaves it in place (docs/decisions/0030).
/** `meta` should be a constant: a new object each render replaces the tags each render. */
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
