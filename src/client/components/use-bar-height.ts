import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Measures the bar while its menu is closed; answers whether it is tall. The page starts below the bar's real height, which large
 * text makes two or three rows. A bar that would cover a fifth of the screen scrolls away with the page instead of staying fixed over it.
 */
export function useBarHeight(bar: RefObject<HTMLElement | null>, open: boolean): boolean {
  const [tall, setTall] = useState(false);
  useLayoutEffect(() => {
    const header = bar.current;
    if (!header || open) return;
    const measure = () => {
      const height = header.getBoundingClientRect().height;
      const isTall = height > window.innerHeight / 5;
      document.documentElement.style.setProperty('--bar-height', `${height}px`);
      document.documentElement.style.setProperty('--bar-cover', isTall ? '0px' : `${height}px`);
      setTall(isTall);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [bar, open]);
  return tall;
}
